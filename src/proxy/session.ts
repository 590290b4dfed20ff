import type { ReproduceContext } from '../evidence/reproduce-context.js';
import { liveLine, failureLine } from './live-line.js';
import { startProxy, type ProxyHandle, type ProxyOptions } from './proxy-server.js';
import { TrafficLedger } from './traffic/traffic-ledger.js';
import { TrafficRedactor } from './traffic/traffic-redactor.js';
import { buildReport, writeTrafficReports } from './traffic/traffic-report.js';
import type { TrafficReport } from './traffic/traffic-report-types.js';

export type SessionOptions = Pick<ProxyOptions, 'upstream' | 'host' | 'port' | 'context'> & {
  target: { kind: string; origin: string };
  /** Keys the proxy is told about; the ones the traffic carries are learnt as they go by. */
  secrets: readonly string[];
  /** The configured keys by the shell variable the reports' curl lines write for them ($PG_API_KEY). */
  variables?: ReproduceContext['variables'];
  /** Where each live line goes (console.log in the command); nothing when undefined. */
  print?: (line: string) => void;
};

export type Session = {
  proxy: ProxyHandle;
  /**
   * Stops listening, waits for the last exchanges to be judged, writes the reports. Exit code 0 only when
   * something was judged and nothing broke: a session that judged nothing did not pass, it was not exercised.
   */
  finish(reportsDir: string): Promise<{ report: TrafficReport; files: string[]; notWritten?: string; exitCode: 0 | 1 }>;
};

/** A proxy with its ledger and live lines: what `npm run proxy`, the tests and the bench all run. */
export async function startSession(options: SessionOptions): Promise<Session> {
  const redactor = new TrafficRedactor(options.secrets, options.variables);
  const ledger = new TrafficLedger(redactor);
  const print = options.print;
  const proxy = await startProxy({
    ...options,
    redactor,
    onVerdict: (verdict) => {
      ledger.record(verdict);
      print?.(liveLine(verdict, redactor));
    },
    onUnavailable: (method, url, problem, status) => {
      ledger.recordUnavailable(`${method} ${new URL(url).pathname}`, problem);
      print?.(failureLine(method, url, problem, redactor, status));
    },
  });
  return {
    proxy,
    async finish(reportsDir) {
      await proxy.close();
      await proxy.idle();
      const report = buildReport(ledger, options.target);
      const { files, notWritten } = writeTrafficReports(reportsDir, report);
      return { report, files, ...(notWritten && { notWritten }), exitCode: report.findings || !report.judged ? 1 : 0 };
    },
  };
}
