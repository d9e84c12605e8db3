// hls.js ships no types for its light build: the same player without subtitles, alternate audio, DRM and
// interstitials, none of which a live cam needs, at two thirds of the size.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
