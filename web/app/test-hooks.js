// Test hooks: off in every build but the browser tests' own. `build.py --test-hooks`
// turns TEST_HOOKS on in its copy of this file (the test fixture builds so; a deploy
// never does). With them on, `?debug=engine` shortens every engine deadline to 4 s and
// exposes `window.destijlDebug.killWorker()` (engine.js), and the link reader knows the
// parameter (params.js); off, `debug` is an unknown parameter, ignored with a notice.

export const TEST_HOOKS = false;
