// The shell's entry, run once the server's HTML has painted (src/boot.js loads it then). Eager mode keeps the
// bootstrap in this file (no extra request); the shell provides every shared module eagerly, so the remotes find
// them once the bootstrap registers them.
void import(/* webpackMode: "eager" */ './bootstrap');
