// What the router (wouter) imports as use-sync-external-store's shim: React's own hook. The shim
// exists for React before 18 and hands over to this hook when React has it, as React 19 does; the
// build leads the import here (vite.config.ts) so that its fallback is not downloaded.
export { useSyncExternalStore } from 'react';
