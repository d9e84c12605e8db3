// Webpack turns these imports into injected styles and asset URLs.
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
