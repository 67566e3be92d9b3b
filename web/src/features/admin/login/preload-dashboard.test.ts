/**
 * The sign-in page's preload (preload-dashboard.ts): the dashboard's code is asked for only once
 * the page is idle, never when the browser asks to save data, and not at all when the page goes
 * first (unmounted before idle). The download itself is replaced: when it is asked for is tested.
 */
import { preloadDashboardCode } from './preload-dashboard';

/** jsdom has no idle callbacks: the tests give the window their own, or none. */
const idleWindow = window as unknown as Record<string, unknown>;

const setSaveData = (saveData: boolean | undefined) =>
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: saveData === undefined ? undefined : { saveData },
  });

describe('preloadDashboardCode', () => {
  let idle: (() => void)[];

  beforeEach(() => {
    idle = [];
    idleWindow.requestIdleCallback = (callback: () => void) => idle.push(callback) - 1;
    idleWindow.cancelIdleCallback = (handle: number) => {
      idle[handle] = () => undefined;
    };
    setSaveData(undefined);
  });

  afterEach(() => {
    delete idleWindow.requestIdleCallback;
    delete idleWindow.cancelIdleCallback;
    setSaveData(undefined);
  });

  it('asks for the code when the page is idle, not before', () => {
    const load = jest.fn(() => Promise.resolve());
    preloadDashboardCode(load);
    expect(load).not.toHaveBeenCalled();
    idle.forEach((run) => run());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing once the page has gone (unmounted before idle)', () => {
    const load = jest.fn(() => Promise.resolve());
    const cancel = preloadDashboardCode(load);
    cancel();
    idle.forEach((run) => run());
    expect(load).not.toHaveBeenCalled();
  });

  it('asks for nothing when the browser saves data, and marks that it decided so', () => {
    setSaveData(true);
    // jsdom has no User Timing: the mark the browser tests wait for is recorded here.
    const mark = jest.fn();
    Object.defineProperty(performance, 'mark', { value: mark, configurable: true });
    const load = jest.fn(() => Promise.resolve());
    preloadDashboardCode(load);
    idle.forEach((run) => run());
    expect(idle).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    expect(mark).toHaveBeenCalledWith('admin:dashboard-code-skipped');
  });

  it('a failed download is swallowed: the router asks again after sign-in', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadDashboardCode(load);
      idle.forEach((run) => run());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(load).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('falls back to a short timer where the browser has no idle callback', () => {
    delete idleWindow.requestIdleCallback;
    delete idleWindow.cancelIdleCallback;
    jest.useFakeTimers();
    try {
      const load = jest.fn(() => Promise.resolve());
      preloadDashboardCode(load);
      expect(load).not.toHaveBeenCalled();
      jest.advanceTimersByTime(250);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
