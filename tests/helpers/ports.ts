import { createServer } from 'node:net';

/** A loopback port nothing listens on at this moment (taken and released). */
export const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
