import type { FastifyInstance } from 'fastify';
import { signIn } from '../helpers/test-app.js';

export type Client = Awaited<ReturnType<typeof signIn>>;

/** The salon ids of the demo accounts: [account 1's salon, account 2's salon]. */
export async function demoSalonIds(demo: Client, other: Client): Promise<[number, number]> {
  const own = demo.get('/api/salons');
  const foreign = other.get('/api/salons');
  const [a, b] = await Promise.all([own, foreign]);
  return [a.json()[0].id, b.json()[0].id];
}

export async function createResource(
  client: Client,
  salonId: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await client.post(`/api/salon/${salonId}/resources`, {
    name: 'テスト担当',
    kind: 'staff',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`resource: ${response.body}`);
  return response.json().id;
}

export async function createCourse(
  client: Client,
  salonId: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  const response = await client.post(`/api/salon/${salonId}/courses`, {
    name: 'テストコース',
    duration: 60,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`course: ${response.body}`);
  return response.json().id;
}

export async function signInAll(app: FastifyInstance) {
  const [demo, staff, other] = await Promise.all([
    signIn(app, 'demo'),
    signIn(app, 'staff'),
    signIn(app, 'other'),
  ]);
  return { demo, staff, other };
}
