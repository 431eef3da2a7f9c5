/** Set by vite.config.ts: true only in `--mode test` builds (the end-to-end tests' hook on window). */
declare const __TITAN_TEST_HOOKS__: boolean;

declare module '*.css';
