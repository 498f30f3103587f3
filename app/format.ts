/** "1 vertex", "2 vertices", "10,010 vertices": counts as the panels and messages write them. */
export function vertices(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'vertex' : 'vertices'}`;
}
