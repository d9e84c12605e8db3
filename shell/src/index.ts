// The shell's entry, run once the server's HTML has painted (src/boot.js loads it then). Eager mode keeps every
// module in the files already loaded (no extra request); the shell provides every shared module eagerly, so the
// remotes find them once the bootstrap registers them. The shared libraries are evaluated first, each in a task
// of its own (with the federation runtime's check of its version), so the browser can paint and answer input
// between them instead of running them all as one long task.
import { nextTask } from './nextTask';

const stages = [
  () => import(/* webpackMode: "eager" */ 'react'),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'react/jsx-runtime'),
  () => import(/* webpackMode: "eager" */ 'i18next'),
  () => import(/* webpackMode: "eager" */ 'react-i18next'),
  () => import(/* webpackMode: "eager" */ '@tanstack/react-query'),
  () => import(/* webpackMode: "eager" */ '@velvet/i18n'),
  () => import(/* webpackMode: "eager" */ '@module-federation/enhanced/runtime'),
  () => import(/* webpackMode: "eager" */ '@velvet/sdk'),
  () => import(/* webpackMode: "eager" */ '@velvet/ui'),
  () => import(/* webpackMode: "eager" */ '@velvet/federation'),
  () => import(/* webpackMode: "eager" */ './bootstrap'),
];
void stages.reduce<Promise<unknown>>((previous, stage) => previous.then(nextTask).then(stage), Promise.resolve());
