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

interface QueryDocument {
  fields: Record<string, unknown>;
}
interface QueryState {
  v1Query(parent: string, query: { select?: { fields?: { field_path?: string }[] } }): unknown[];
}

/**
 * Real Firestore sends only the fields a query `select()`s; this emulator ignores the projection
 * and sends whole documents (its gap, listed in the toolchain guide). The admin lists select a
 * third of each record, so without this the local figures would measure the emulator copying
 * fields production never sends. Each result becomes a view of the stored document holding only
 * the selected top-level fields (a dotted path keeps its whole top-level field: a superset, never
 * less than Firestore sends). The stored document is not touched.
 */
function honourSelect(state: QueryState): void {
  const query = state.v1Query.bind(state);
  state.v1Query = (parent, structured) => {
    const docs = query(parent, structured);
    const paths = structured.select?.fields?.map((f) => f.field_path ?? '') ?? [];
    if (paths.length === 0) return docs;
    const keep = new Set(paths.map((path) => path.split('.')[0] as string));
    return docs.map((doc) => {
      const view = Object.create(doc as object) as QueryDocument;
      view.fields = Object.fromEntries(
        Object.entries((doc as QueryDocument).fields).filter(([name]) => keep.has(name)),
      );
      return view;
    });
  };
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
  honourSelect(instance.state as unknown as QueryState);
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
