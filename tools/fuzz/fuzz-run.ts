/**
 * Runs fuzz cases through the same entries the product uses (readPaperBytes, as the
 * CLI's `verbatim extract` does; the bundle and pasted-answer parsers) and tallies the
 * outcomes: ok, each named error code, INTERNAL (a raw throw), and INVALID_OUTPUT (a
 * paper that came out but fails the Paper schema).
 */
import { performance } from 'node:perf_hooks';
import { serializeError } from '../../shared/errors';
import { parseHtmlWithLinkedom } from '../../shared/library/html-parser-linkedom';
import { readPaperBytes } from '../../shared/library/import-document';
import { readLibraryBundle } from '../../shared/library/library-bundle';
import { parseAnswerJson } from '../../shared/schema/answer-schema';
import { parsePaper } from '../../shared/schema/paper-schema';
import { nodePdfReader } from '../../cli/pdf-node';
import { fuzzCases, type FuzzCase, type FuzzSize } from './fuzz-cases';

export interface FuzzReport {
  seed: number;
  cases: number;
  outcomes: Record<string, number>;
  /** Per case name: how many and the slowest. */
  byCase: Record<string, { cases: number; maxMs: number; maxCpuMs: number; outcomes: Record<string, number> }>;
  /** Wall-clock time of the slowest case; on a shared machine this includes waiting for a core. */
  maxMs: number;
  /** CPU time (user + system) of the most expensive case: what the case itself cost. */
  maxCpuMs: number;
  slowest: string;
  /** Cases over 10 s of CPU time, and over 10 s of wall-clock time. */
  over10sCpu: number;
  over10sWall: number;
  peakHeapMB: number;
  peakRssMB: number;
  /** The first few INTERNAL or INVALID_OUTPUT cases, to reproduce. */
  failures: { index: number; name: string; outcome: string; detail: string }[];
}

async function outcomeOf(fuzzCase: FuzzCase): Promise<{ outcome: string; detail: string }> {
  try {
    if (fuzzCase.entry === 'bundle') readLibraryBundle(new TextDecoder().decode(fuzzCase.bytes));
    else if (fuzzCase.entry === 'answer') parseAnswerJson(new TextDecoder().decode(fuzzCase.bytes));
    else {
      const paper = await readPaperBytes(fuzzCase.fileName, fuzzCase.bytes, { parseHtml: parseHtmlWithLinkedom, pdfReader: nodePdfReader });
      try {
        parsePaper(JSON.parse(JSON.stringify(paper)));
      } catch (error) {
        return { outcome: 'INVALID_OUTPUT', detail: serializeError(error).detail ?? '' };
      }
    }
    return { outcome: 'ok', detail: '' };
  } catch (error) {
    const data = serializeError(error);
    return { outcome: data.code, detail: `${error instanceof Error ? error.name : ''}: ${data.detail ?? ''}`.slice(0, 300) };
  }
}

export async function runFuzz(seed: number, size: FuzzSize, fixturesRoot: string, onCase?: (index: number, name: string, outcome: string, ms: number, cpuMs: number) => void): Promise<FuzzReport> {
  const report: FuzzReport = { seed, cases: 0, outcomes: {}, byCase: {}, maxMs: 0, maxCpuMs: 0, slowest: '', over10sCpu: 0, over10sWall: 0, peakHeapMB: 0, peakRssMB: 0, failures: [] };
  let index = 0;
  for (const fuzzCase of fuzzCases(seed, size, fixturesRoot)) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const { outcome, detail } = await outcomeOf(fuzzCase);
    const ms = Math.round(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    report.maxCpuMs = Math.max(report.maxCpuMs, cpuMs);
    const memory = process.memoryUsage();
    report.peakHeapMB = Math.max(report.peakHeapMB, Math.round(memory.heapUsed / 2 ** 20));
    report.peakRssMB = Math.max(report.peakRssMB, Math.round(memory.rss / 2 ** 20));
    report.cases++;
    report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
    const group = (report.byCase[fuzzCase.name] ??= { cases: 0, maxMs: 0, maxCpuMs: 0, outcomes: {} });
    group.cases++;
    group.maxMs = Math.max(group.maxMs, ms);
    group.maxCpuMs = Math.max(group.maxCpuMs, cpuMs);
    group.outcomes[outcome] = (group.outcomes[outcome] ?? 0) + 1;
    if (ms > report.maxMs) {
      report.maxMs = ms;
      report.slowest = `#${index} ${fuzzCase.name}`;
    }
    if (cpuMs > 10_000) report.over10sCpu++;
    if (ms > 10_000) report.over10sWall++;
    if ((outcome === 'INTERNAL' || outcome === 'INVALID_OUTPUT') && report.failures.length < 20) report.failures.push({ index, name: fuzzCase.name, outcome, detail });
    onCase?.(index, fuzzCase.name, outcome, ms, cpuMs);
    index++;
  }
  return report;
}
