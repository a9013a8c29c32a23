import fs from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/settings';
import { useTestApp } from './harness';

const METRICS_TOKEN = 'metrics-token-for-the-alert-tests-0123456789';

interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}
const rules = (
  parse(fs.readFileSync(path.join(repoRoot, 'deploy/prometheus/alerts.yaml'), 'utf8')) as {
    groups: { rules: Rule[] }[];
  }
).groups.flatMap((group) => group.rules);

/** The syntax errors of a PromQL expression (the Prometheus UI's own grammar) and the metrics it names. */
function promql(expr: string): { errors: number; metrics: string[] } {
  let errors = 0;
  const metrics: string[] = [];
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError) errors += 1;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        metrics.push(expr.slice(node.from, node.to));
    },
  });
  return { errors, metrics };
}

/**
 * Decision 048, docs/OPERATIONS.md "Alerts": every alert of deploy/prometheus/alerts.yaml parses, names only
 * metrics the portal exports (a renamed metric would leave its alert silent forever), and is explained in
 * the operations guide.
 */
describe('the alerts', () => {
  const harness = useTestApp({ env: { METRICS_TOKEN } });

  it("parse as PromQL, and name only metrics the portal exports (and Prometheus's own `up`)", async () => {
    // One request of each kind first, so the request histogram has series.
    await harness.app.inject({ url: '/api/health' });
    const scrape = await harness.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    const exported = new Set(
      [...scrape.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name = '', type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    );
    expect(exported.size).toBeGreaterThan(20);
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const rule of rules) {
      const { errors, metrics } = promql(rule.expr);
      expect(errors, `${rule.alert}: ${rule.expr}`).toBe(0);
      expect(metrics.length, rule.alert).toBeGreaterThan(0);
      for (const metric of metrics)
        expect(
          metric === 'up' || exported.has(metric),
          `${rule.alert}: ${metric} is not a metric of the portal`,
        ).toBe(true);
    }
  });

  it('the checks catch a misspelt metric and a broken expression', () => {
    expect(promql('sum(rate(portal_requests_shed_total[5m])) > 0')).toEqual({
      errors: 0,
      metrics: ['portal_requests_shed_total'],
    });
    expect(promql('sum(rate(portal_requests_shed_total[5m]) > 0').errors).toBeGreaterThan(0);
  });

  it('each has a severity, a summary and a section of docs/OPERATIONS.md that says what it means and what to do', () => {
    const operations = fs.readFileSync(path.join(repoRoot, 'docs/OPERATIONS.md'), 'utf8');
    for (const rule of rules) {
      expect(['page', 'ticket']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(20);
      expect(rule.annotations.runbook).toBe(`docs/OPERATIONS.md#${rule.alert.toLowerCase()}`);
      expect(operations, rule.alert).toMatch(new RegExp(`^#### ${rule.alert}$`, 'm'));
    }
  });
});
