// `pnpm rollout status`: what the pages reported of each remote's versions (the api's
// /api/rollout/stats), beside what the manifest planned. The guard judges canaries on the same figures.
import { readManifest, manifestPath, type RolloutContext } from './rolloutManifestFile';

export interface StatsRow {
  readonly remote: string;
  readonly version: string;
  readonly kind: string;
  /** Page loads, each counted once by the api. */
  readonly count: number;
  /** Distinct visitors (client addresses) they came from. */
  readonly visitors: number;
}

/** Every row of /api/rollout/stats over the last 30 days, page after page. */
export async function fetchStats(ctx: RolloutContext): Promise<StatsRow[]> {
  const rows: StatsRow[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${ctx.apiUrl.replace(/\/$/, '')}/api/rollout/stats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 30, page, pageSize: 100 }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as {
      code: number;
      data: { list: StatsRow[]; total: number } | null;
      msg?: string;
    };
    if (body.code !== 0 || !body.data) throw new Error(`the api answered ${response.status} ${body.msg ?? ''}`);
    rows.push(...body.data.list);
    if (body.data.list.length === 0 || rows.length >= body.data.total) return rows;
  }
}

export interface VersionFigures {
  readonly loads: number;
  readonly failures: Readonly<Record<string, number>>;
  readonly failed: number;
  /** failed / (loads + failed), or null before anything was reported. */
  readonly rate: number | null;
  /** Visitors behind the failure kind most of them saw: a lower bound on the distinct visitors who failed. */
  readonly failingVisitors: number;
  /** Visitors behind the outcome most of them had: a lower bound on the distinct visitors of the version. */
  readonly visitors: number;
}

export function figuresOf(rows: readonly StatsRow[], remote: string, version: string): VersionFigures {
  const mine = rows.filter((r) => r.remote === remote && r.version === version);
  const loads = mine.filter((r) => r.kind === 'loaded').reduce((sum, r) => sum + r.count, 0);
  const failures: Record<string, number> = {};
  for (const r of mine) if (r.kind !== 'loaded') failures[r.kind] = (failures[r.kind] ?? 0) + r.count;
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  // A visitor can be behind several kinds, so per-kind visitor counts do not add up: the largest is
  // what is known for sure.
  const most = (list: readonly StatsRow[]) => list.reduce((max, r) => Math.max(max, r.visitors ?? 0), 0);
  return {
    loads,
    failures,
    failed,
    rate: loads + failed === 0 ? null : failed / (loads + failed),
    failingVisitors: most(mine.filter((r) => r.kind !== 'loaded')),
    visitors: most(mine),
  };
}

export const percent = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);

export async function status(ctx: RolloutContext): Promise<string> {
  const manifest = readManifest(ctx);
  if (!manifest) return `no rollout manifest in ${ctx.releasesDir} yet (pnpm release <remote>, then pnpm rollout canary)`;
  let rows: StatsRow[] = [];
  let statsNote = '';
  try {
    rows = await fetchStats(ctx);
  } catch (error) {
    statsNote = `\n(reports unavailable: ${error instanceof Error ? error.message : String(error)} at ${ctx.apiUrl})`;
  }
  const lines: string[] = [
    `rollout manifest ${manifestPath(ctx)} (salt ${manifest.salt}, updated ${manifest.updatedAt ?? '—'}; automatic rollback ${
      manifest.autoRollback
        ? `above ${percent(manifest.autoRollback.maxFailureRate)} failures after ${manifest.autoRollback.minLoads} loads from ${manifest.autoRollback.minVisitors} visitors`
        : 'off'
    })`,
  ];
  for (const [container, rollout] of Object.entries(manifest.remotes)) {
    if (!rollout) continue;
    lines.push(
      '',
      `${container}  stable ${rollout.stable}${rollout.canary ? `  canary ${rollout.canary.version} ${rollout.canary.percent} %` : ''}`,
    );
    if (rollout.canary?.cohorts.length) lines.push(`  cohorts: ${rollout.canary.cohorts.join(', ')}`);
    const versions = [
      ...new Set([
        rollout.canary?.version,
        rollout.stable,
        ...rollout.lastGood,
        ...rows.filter((r) => r.remote === container).map((r) => r.version),
      ]),
    ].filter((v): v is string => typeof v === 'string');
    const all = versions.map((v) => ({ version: v, figures: figuresOf(rows, container, v) }));
    const totalLoads = all.reduce((sum, v) => sum + v.figures.loads + v.figures.failed, 0);
    lines.push(
      `  ${'version'.padEnd(34)} ${'role'.padEnd(9)} ${'planned'.padStart(7)} ${'visits'.padStart(7)} ${'share'.padStart(8)} ${'loaded'.padStart(7)} ${'failed'.padStart(7)} ${'rate'.padStart(8)}  failures`,
    );
    for (const { version, figures } of all) {
      const role =
        version === rollout.canary?.version
          ? 'canary'
          : version === rollout.stable
            ? 'stable'
            : rollout.lastGood.includes(version)
              ? 'last good'
              : 'retired';
      const planned =
        role === 'canary' ? (rollout.canary?.percent ?? 0) : role === 'stable' ? 100 - (rollout.canary?.percent ?? 0) : 0;
      const visits = figures.loads + figures.failed;
      const kinds = Object.entries(figures.failures)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
      lines.push(
        `  ${version.padEnd(34)} ${role.padEnd(9)} ${`${planned} %`.padStart(7)} ${String(visits).padStart(7)} ${percent(totalLoads ? visits / totalLoads : null).padStart(8)} ${String(figures.loads).padStart(7)} ${String(figures.failed).padStart(7)} ${percent(figures.rate).padStart(8)}  ${kinds || '—'}`,
      );
    }
  }
  return lines.join('\n') + statsNote;
}
