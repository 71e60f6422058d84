import http from 'node:http';
import pg from 'pg';

/**
 * The raw side of the list benches, in its own process so that the load generator does not share its
 * event loop (the product side is the compiled server, compiled-server.ts): a plain node:http +
 * node-postgres server that answers GET /<name> with the two queries of BENCH_RAW_QUERIES[name]
 * (rows as JSON, the count in X-Total-Count), the physical limit of the same SQL; `?w=from,to` adds two
 * arguments (a window of dates). Both use a pool
 * of 10 connections. Prints {"port": n} once listening.
 */
const url = process.env.BENCH_LIST_DATABASE_URL!;
const kind = process.argv[2];

if (kind === 'raw') {
  const queries = JSON.parse(process.env.BENCH_RAW_QUERIES!) as Record<string, { list: string; count: string; args: unknown[] }>;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const server = http.createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://raw');
    const q = queries[address.pathname.slice(1)];
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    // `?w=from,to`: a window of dates the named queries take after their own arguments.
    const args = [...q.args, ...(address.searchParams.get('w')?.split(',') ?? [])];
    Promise.all([pool.query(q.list, args), pool.query<{ n: string }>(q.count, args)]).then(
      ([rows, count]) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-total-count': count.rows[0].n });
        res.end(JSON.stringify(rows.rows));
      },
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as { port: number }).port })));
} else {
  throw new Error('usage: list-server.ts raw');
}
