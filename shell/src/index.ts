// No async boundary: the shell provides every shared module eagerly, so its code can run in the entry chunk and
// starts one round trip sooner than behind an import() (the remotes consume the shared scope later, at load).
import './bootstrap';
