/** Runs the CLI's main in-process, collecting what it prints on stdout and stderr. */
import { main } from '../../cli/main';

export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, (t) => out.push(t), (t) => err.push(t));
  return { code, out: out.join('\n'), err: err.join('\n') };
}
