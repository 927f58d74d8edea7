/** The notifications a node holds under one title (GET /notifications, as the console reads them). */
import type { TestNode } from './test-node.js';

export async function notificationsTitled(
  node: TestNode,
  title: string,
): Promise<{ title: string; message: string }[]> {
  const all = (await node.request('GET', '/notifications')).json.data as { title: string; message: string }[];
  return all.filter((n) => n.title === title);
}
