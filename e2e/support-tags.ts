/**
 * The tag of browser tests about what a visitor meets before the app takes a page over: the
 * config runs them in desktop Chromium (e2e/playwright.config.ts). Its own module, so that the
 * config reads it without loading the specs' support code.
 */
export const BEFORE_APP_TAG = '@before-app';
export const BEFORE_APP = /@before-app/;
