export {
  defineRemoteApp,
  defineWidgets,
  type Lifecycles,
  type MountProps,
  type RemoteLocales,
} from './defineRemoteApp';
export { PlatformContext, usePlatform } from './context';
export { scopePlatform } from './scope';
