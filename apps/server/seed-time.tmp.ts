import { openDatabase } from './src/db/client.js';
import { seedDemo } from './src/seed.js';
const runs = Number(process.argv[2] ?? 3);
for (let i = 0; i < runs; i++) {
  const db = await openDatabase({ dataDir: 'memory://', poolMax: 1 });
  await db.migrate();
  const t = performance.now();
  await seedDemo(db.db, 'pw-123456789');
  console.log('seed ms', Math.round(performance.now() - t));
  await db.close();
}
