// Where the browser tests find a Chromium: CHROME_PATH, then the usual install paths, then `chromium` or
// `google-chrome` on PATH. Without one the browser suites are skipped, and say why (`.ci/run` installs Debian's).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const USUAL = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];
const ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export type ChromiumLookup =
  | { path: string; skipReason?: undefined }
  | { path?: undefined; skipReason: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  if (env.CHROME_PATH) {
    return executable(env.CHROME_PATH)
      ? { path: env.CHROME_PATH }
      : { skipReason: `CHROME_PATH=${env.CHROME_PATH} is not an executable` };
  }
  const onPath = (env.PATH ?? '').split(delimiter).flatMap((dir) => ON_PATH.map((name) => join(dir, name)));
  const found = [...USUAL, ...onPath].find(executable);
  return found
    ? { path: found }
    : { skipReason: 'no Chromium (set CHROME_PATH, or install one: .ci/run installs Debian chromium)' };
}

/** The flags every browser test launches with: headless, no sandbox (containers), no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
