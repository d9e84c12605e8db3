// The server's HTML paints before any of the shell's code runs: the boot, and the evaluation of everything it
// imports, waits until after the first frame. Eager mode keeps it in this file (no extra request); the shell provides
// every shared module eagerly, so the remotes find them once the boot registers them.
const boot = () => void import(/* webpackMode: "eager" */ './bootstrap');
// A hidden tab draws no frame (requestAnimationFrame waits for it to be shown), so it boots at once.
if (document.visibilityState === 'hidden') boot();
else requestAnimationFrame(() => setTimeout(boot, 0));
