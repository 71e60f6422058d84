import type { TTestApp } from '../../../test/harness.ts';

/** Demo rows the tests refer to by name (seeded by seed/tourist-tax-demo.ts). */
export async function demoFixtures(t: TTestApp) {
  const admin = (await t.signedIn('admin')).token;
  const tokens = {
    admin,
    city: (await t.signedIn('city')).token,
    city2: (await t.signedIn('city2')).token,
    hotelier: (await t.signedIn('hotelier')).token,
    hotelier2: (await t.signedIn('hotelier2')).token,
  };
  const all = async (url: string) => {
    const res = await t.request('GET', url, { token: admin });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as any[];
  };
  const cities = await all('/api/cities?limit=500');
  const structures = await all('/api/structures?limit=500');
  const byName = <T extends { name: string }>(rows: T[], name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`demo row ${name} missing`);
    return row as T & { _id: string; [k: string]: any };
  };
  const gaeta = byName(cities, 'Comune di Gaeta');
  const formia = byName(cities, 'Comune di Formia');
  return {
    tokens,
    gaeta,
    formia,
    structure: (name: string) => byName(structures, name),
    tariffs: (cityId: string) => all(`/api/tariffs?cityId=${cityId}&limit=500`),
    exemptions: (cityId: string) => all(`/api/exemptions?cityId=${cityId}&limit=500`),
    reductions: (cityId: string) => all(`/api/reductions?cityId=${cityId}&limit=500`),
    registry: (name: string, cityId: string) => all(`/api/${name}?cityId=${cityId}&limit=500`),
  };
}

export const VALID_CF = 'RCCMNL83S18D969H';
export const VALID_PIVA = '00743110157';
