// @ts-check
/**
 * Which folder may import which: the layer table below is the one place to change when a folder splits or
 * a new one comes (give it its row and list, in `may`, the rows below it). Type imports count like any other import:
 * a circle through types alone still ties the files together for a reader and for the next move.
 *
 * `npm run lint` runs this after eslint; `npx depcruise --config .dependency-cruiser.cjs src tests scripts bench`
 * runs it alone.
 */

/** Rows from the bottom up. A row may import itself and the rows named in `may`, never a row above it. */
const LAYERS = [
  { name: 'catalogue', path: 'src/catalogue', may: [] },
  { name: 'known-deviations', path: 'src/known-deviations', may: ['catalogue'] },
  { name: 'transport', path: 'src/transport', may: ['catalogue'] },
  { name: 'checks', path: 'src/checks', may: ['catalogue', 'transport'] },
  { name: 'coverage', path: 'src/coverage', may: ['catalogue', 'transport', 'checks'] },
  // The annotation protocol (evidence/annotations.ts) carries coverage's tally, so evidence sits above it.
  { name: 'evidence', path: 'src/evidence', may: ['catalogue', 'transport', 'checks', 'coverage'] },
  { name: 'generate', path: 'src/generate', may: ['catalogue', 'transport', 'checks', 'evidence'] },
  { name: 'mock', path: 'src/mock', may: ['catalogue'] },
  { name: 'config', path: 'src/config', may: ['catalogue', 'transport', 'known-deviations', 'mock'] },
  { name: 'preflight', path: 'src/preflight', may: ['catalogue', 'transport', 'checks', 'evidence', 'config'] },
  {
    name: 'reporters',
    path: 'src/reporters',
    may: ['catalogue', 'transport', 'checks', 'evidence', 'coverage', 'generate', 'known-deviations', 'config'],
  },
  { name: 'cli', path: 'src/cli', may: ['catalogue', 'known-deviations', 'config', 'reporters'] },
  { name: 'webhook-check', path: 'src/webhook-check', may: ['catalogue', 'transport', 'evidence', 'config'] },
  {
    name: 'proxy',
    path: 'src/proxy',
    may: ['catalogue', 'transport', 'checks', 'evidence', 'coverage', 'config', 'mock', 'reporters'],
  },
  {
    name: 'suite-power',
    path: 'src/suite-power',
    may: ['catalogue', 'transport', 'checks', 'evidence', 'known-deviations', 'config', 'mock', 'reporters'],
  },
  { name: 'ci', path: 'src/ci', may: ['reporters'] },
  // The map of the rules (docs/rules.md): the catalogue beside what judges it and the mock's proof that it does.
  { name: 'rules-map', path: 'src/rules-map', may: ['catalogue', 'checks', 'mock'] },
  {
    name: 'cutover',
    path: 'src/cutover',
    may: [
      'catalogue',
      'transport',
      'evidence',
      'known-deviations',
      'config',
      'mock',
      'reporters',
      'cli',
      'webhook-check',
    ],
  },
  // The helpers of the unit and command tests (`*.test.ts`), and only theirs: TEST_HELPERS below.
  { name: 'testing', path: 'src/testing', may: ['src'] },
  // What fixtures.ts and inputs.ts may reach; every other file of tests/ reaches src/ through them and the
  // registry alone (TESTS_SEAM below).
  {
    name: 'tests',
    path: 'tests',
    may: ['catalogue', 'transport', 'checks', 'evidence', 'generate', 'coverage', 'config', 'reporters'],
  },
  { name: 'scripts', path: 'scripts', may: ['src'] },
  { name: 'bench', path: 'bench', may: ['src'] },
];

/**
 * Rows inside src/mock, bottom up, read like LAYERS: the HTTP layer (Fastify wiring) at the bottom and the state
 * beside it, the faithful gateway above both, the faults and variations beside the gateway at its seams, the
 * control API apart, the docs tables over the registries. The files directly in src/mock (server.ts, main.ts,
 * start.ts, options.ts) are the composition root on top: they may import every row, and no row imports them.
 */
const MOCK_LAYERS = [
  { name: 'mock/http', path: 'src/mock/http', may: [] },
  { name: 'mock/state', path: 'src/mock/state', may: [] },
  { name: 'mock/gateway', path: 'src/mock/gateway', may: ['mock/http', 'mock/state'] },
  { name: 'mock/behaviours', path: 'src/mock/behaviours', may: ['mock/http', 'mock/state', 'mock/gateway'] },
  { name: 'mock/control', path: 'src/mock/control', may: ['mock/http', 'mock/state', 'mock/gateway'] },
  { name: 'mock/docs', path: 'src/mock/docs', may: ['mock/gateway', 'mock/behaviours'] },
];

/** Files of src/mock every mock row may import: each imports nothing of this repository (the built-in defaults). */
const MOCK_LEAVES = ['^src/mock/defaults\\.ts$'];

/**
 * Modules any row may import: each imports nothing else of this repository, so it cannot close a circle.
 * The mock's control types are its published interface: the control client (transport/mock-control-client.ts)
 * is typed from them instead of copying them.
 */
const PUBLISHED = ['src/mock/control/view-types\\.ts$'];

/**
 * Arrows still pointing up, each with the step that removes it. Keep this list short and shrinking: none today.
 * @type {{ from: string; to: string }[]}
 */
const KNOWN_EXCEPTIONS = [];

/**
 * The seam between the conformance tests and src/: tests/fixtures.ts (the fixtures and what they hand a test),
 * tests/inputs.ts (what a test sends) and the checks registry (how answers are judged). Every other file under
 * tests/ reaches src/ through these alone, so a module of src/ can move or split without touching a spec file.
 */
const TESTS_SEAM = ['^tests/fixtures\\.ts$', '^tests/inputs\\.ts$'];
const TESTS_REACH = '^src/checks/registry\\.ts$';

/** Unit tests (`*.test.ts` beside the code) sit above every src folder: they may start the mock or run the suite. */
const UNIT_TEST = '\\.test\\.ts$';

/**
 * The tests' helpers (fixtures, stand-in servers, made-up exchanges, the child-process runners): imported by
 * `*.test.ts` files alone, so no product module leans on a stand-in or a test key.
 */
const TEST_HELPERS = '^src/testing/';

const folder = (path) => `^${path.replace(/[.-]/g, '\\$&')}/`;
const pathOf = (name) => (name === 'src' ? 'src' : (LAYERS.find((l) => l.name === name)?.path ?? fail(name)));
function fail(name) {
  throw new Error(`.dependency-cruiser.cjs: "${name}" in a layer's \`may\` is not a row of LAYERS`);
}

const layerRules = LAYERS.map((layer) => {
  const allowed = [layer.path, ...layer.may.map(pathOf)].map(folder);
  return {
    name: `layer-${layer.name}`,
    comment:
      `${layer.path} imports only ${layer.may.length ? layer.may.join(', ') : 'nothing else of this repository'}` +
      ' (the layer table in .dependency-cruiser.cjs)',
    severity: 'error',
    from: { path: folder(layer.path), pathNot: UNIT_TEST },
    to: { path: '^(src|tests|scripts|bench)/', pathNot: [...allowed, ...PUBLISHED] },
  };
});

const mockPathOf = (name) => MOCK_LAYERS.find((l) => l.name === name)?.path ?? fail(name);
const mockLayerRules = MOCK_LAYERS.map((layer) => ({
  name: `layer-${layer.name}`,
  comment:
    `${layer.path} imports of src/mock only ${layer.may.length ? layer.may.join(', ') : 'its own folder'}` +
    ' (MOCK_LAYERS in .dependency-cruiser.cjs)',
  severity: 'error',
  from: { path: folder(layer.path), pathNot: UNIT_TEST },
  to: {
    path: '^src/mock/',
    pathNot: [...[layer.path, ...layer.may.map(mockPathOf)].map(folder), ...MOCK_LEAVES, ...PUBLISHED],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import circle, type imports included: move what both sides need into a module below them',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...mockLayerRules,
    {
      name: 'mock-folder-has-a-row',
      comment: 'every folder of src/mock is a row of MOCK_LAYERS in .dependency-cruiser.cjs: give a new one its row',
      severity: 'error',
      from: { path: '^src/mock/[^/]+/', pathNot: [...MOCK_LAYERS.map((l) => folder(l.path)), UNIT_TEST] },
      to: { path: '^src/' },
    },
    {
      name: 'test-helpers-for-tests-only',
      comment:
        'src/testing holds the helpers of the unit and command tests (TEST_HELPERS in .dependency-cruiser.cjs):' +
        ' only a *.test.ts file imports it; move what product code needs into the row it belongs to',
      severity: 'error',
      from: { path: '^(src|tests|scripts|bench)/', pathNot: [UNIT_TEST, TEST_HELPERS] },
      to: { path: TEST_HELPERS },
    },
    {
      name: 'src-folder-has-a-row',
      comment:
        'every folder of src/ holding more than tests is a row of LAYERS in .dependency-cruiser.cjs: give a new one its row',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: [...LAYERS.map((l) => folder(l.path)), UNIT_TEST] },
      to: { path: '^(src|tests|scripts|bench)/' },
    },
    {
      name: 'unit-tests-stay-in-src',
      comment: 'a unit test imports src/ only: tests/, scripts/ and bench/ import it, never the other way',
      severity: 'error',
      from: { path: UNIT_TEST, pathNot: KNOWN_EXCEPTIONS.map((e) => e.from) },
      to: { path: '^(tests|scripts|bench)/' },
    },
    ...KNOWN_EXCEPTIONS.map((e) => ({
      name: 'unit-tests-stay-in-src',
      comment:
        'a unit test imports src/ only, past its one known exception (KNOWN_EXCEPTIONS in .dependency-cruiser.cjs)',
      severity: 'error',
      from: { path: e.from },
      to: { path: '^(tests|scripts|bench)/', pathNot: e.to },
    })),
    {
      name: 'tests-through-the-seam',
      comment:
        'a file under tests/ reaches src/ through tests/fixtures.ts, tests/inputs.ts and src/checks/registry.ts only' +
        ' (TESTS_SEAM in .dependency-cruiser.cjs): re-export what a spec file needs there',
      severity: 'error',
      from: { path: '^tests/', pathNot: TESTS_SEAM },
      to: { path: '^src/', pathNot: TESTS_REACH },
    },
    {
      name: 'published-imports-nothing',
      comment:
        'a published module or mock leaf (PUBLISHED, MOCK_LEAVES in .dependency-cruiser.cjs) imports nothing of this repository',
      severity: 'error',
      from: { path: [...PUBLISHED, ...MOCK_LEAVES] },
      to: { path: '^(src|tests|scripts|bench)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.gen\\.ts$'] },
  },
};
