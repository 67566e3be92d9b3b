/**
 * Starts the Node Firestore emulator (@firestore-emulator/server) on loopback. It holds data in
 * memory only; persistence across restarts is done by start.ts through the Admin SDK.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface GrpcServer {
  bindAsync(address: string, credentials: unknown, callback: (error: Error | null) => void): void;
  forceShutdown(): void;
}
interface GrpcModule {
  ServerCredentials: { createInsecure(): unknown };
}

export interface NodeFirestore {
  host: string;
  /** Top-level collection names that hold data (the Admin SDK's listCollections fails here). */
  collectionNames(): string[];
  /** Forgets every document (what the official emulator's DELETE .../documents does). */
  clear(): void;
  stop(): void;
}

interface StateJson {
  projects: Record<string, { databases: Record<string, { collections: Record<string, unknown> }> }>;
}

export async function startNodeFirestore(port: number): Promise<NodeFirestore> {
  const serverEntry = require.resolve('@firestore-emulator/server');
  // The package's own copy of grpc-js: another copy's credentials are rejected.
  const grpc = require(require.resolve('@grpc/grpc-js', { paths: [serverEntry] })) as GrpcModule;
  const { FirestoreServer } = require(serverEntry) as {
    FirestoreServer: new () => {
      server: GrpcServer;
      state: { toJSON(): StateJson; clear(): void };
    };
  };
  const instance = new FirestoreServer();
  const host = `127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    instance.server.bindAsync(host, grpc.ServerCredentials.createInsecure(), (error) =>
      error ? reject(error) : resolve(),
    );
  });
  const collectionNames = () => {
    const names = new Set<string>();
    for (const project of Object.values(instance.state.toJSON().projects)) {
      for (const database of Object.values(project.databases)) {
        for (const name of Object.keys(database.collections)) names.add(name);
      }
    }
    return [...names].sort();
  };
  return {
    host,
    collectionNames,
    clear: () => instance.state.clear(),
    stop: () => instance.server.forceShutdown(),
  };
}

// Run on its own: `tsx scripts/lib/firestore-node.ts 8080`
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const port = Number(process.argv[2] ?? 8080);
  startNodeFirestore(port).then(({ host }) => console.log(`Node Firestore emulator on ${host}`));
}
