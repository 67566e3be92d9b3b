import { render, screen } from '@testing-library/react';
import { useFocusThroughBusy } from './use-focus-through-busy';

function Page() {
  useFocusThroughBusy();
  return (
    <>
      <button type="button">Save</button>
      <input aria-label="Name" />
    </>
  );
}

/**
 * The browser's part, which jsdom leaves out: a focused element that becomes disabled loses the
 * focus to <body> (Chromium's focus fixup; e2e/keyboard-passkeys.spec.ts sees it in a browser).
 */
function disableAsABrowserDoes(button: HTMLElement): () => void {
  const active = jest.spyOn(document, 'activeElement', 'get').mockReturnValue(document.body);
  button.setAttribute('disabled', '');
  return () => active.mockRestore();
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the focus through a busy button', () => {
  it('comes back to the button when it is enabled again', async () => {
    render(<Page />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    const focus = jest.spyOn(save, 'focus');
    const restore = disableAsABrowserDoes(save);
    await flush();
    expect(focus).not.toHaveBeenCalled();
    save.removeAttribute('disabled');
    await flush();
    restore();
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('stays where the person moved it meanwhile', async () => {
    render(<Page />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    const focus = jest.spyOn(save, 'focus');
    save.setAttribute('disabled', '');
    await flush();
    screen.getByRole('textbox', { name: 'Name' }).focus();
    save.removeAttribute('disabled');
    await flush();
    expect(focus).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('is not taken by a button the person had left before it was disabled', async () => {
    render(<Page />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    save.blur(); // a click on the page's background
    const focus = jest.spyOn(save, 'focus');
    const restore = disableAsABrowserDoes(save);
    await flush();
    save.removeAttribute('disabled');
    await flush();
    restore();
    expect(focus).not.toHaveBeenCalled();
  });
});
