// The part of s3rver (a local S3-compatible server, used by the tests and the benchmark) that
// scripts/local-s3-server.ts uses; the package ships no types.
declare module 's3rver' {
  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
