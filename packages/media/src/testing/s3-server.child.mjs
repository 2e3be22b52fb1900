// Runs s3rver (a real S3 API server on local disk) for tests, in its own process: its paged
// listings (ListObjectsV2 continuation tokens) use DES, which Node 20's OpenSSL 3 offers only
// with --openssl-legacy-provider, so the parent starts this file with that flag.
// Prints one JSON line {"port":…} once it listens; exits when stdin closes (the parent died).
import S3rver from 's3rver';

const [directory, buckets] = [process.env.S3RVER_DIRECTORY, (process.env.S3RVER_BUCKETS ?? '').split(',').filter(Boolean)];
if (!directory || !buckets.length) {
  console.error('S3RVER_DIRECTORY and S3RVER_BUCKETS are required');
  process.exit(2);
}
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

const stop = () =>
  server.close().then(
    () => process.exit(0),
    () => process.exit(0),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
