import { expect, test } from '../testing/fixtures.js';
import { parseYamlFile } from '../catalogue/yaml-cache.js';
import { FRONT_LAYERS_PATH, frontLayerOf, frontLayers, frontLayersProblems, type FrontLayer } from './front-layers.js';

test('front-layers.yaml is sound: every entry names its layer, its mark and the vendor page that documents it', () => {
  expect(frontLayersProblems(parseYamlFile(FRONT_LAYERS_PATH))).toEqual([]);
  for (const layer of frontLayers()) {
    expect(layer.source, layer.id).toMatch(/^https:\/\//);
    expect(layer.says.length, layer.id).toBeGreaterThan(20);
  }
});

test('the schema refuses an entry without its source, an unknown field, and a mark or an ID given twice', () => {
  const entry = { id: 'a-layer', name: 'A layer', header: 'X-A', source: 'https://example.com/a', says: 'It says so.' };
  expect(frontLayersProblems({ layers: [entry] })).toEqual([]);
  const { source: _source, ...unsourced } = entry;
  expect(frontLayersProblems({ layers: [unsourced] })).toEqual([
    "front-layers.yaml.layers.0: must have required property 'source'",
  ]);
  expect(frontLayersProblems({ layers: [{ ...entry, pattern: '.*' }] })).toEqual([
    'front-layers.yaml.layers.0: must NOT have additional properties',
  ]);
  expect(frontLayersProblems({ layers: [{ ...entry, source: 'http://example.com' }] })).toHaveLength(1);
  expect(frontLayersProblems({ layers: [entry, { ...entry, header: 'x-a', id: 'b-layer' }] })).toEqual([
    'front-layers.yaml: b-layer repeats the mark of a-layer',
  ]);
  expect(frontLayersProblems({ layers: [entry, { ...entry, header: 'X-B' }] })).toEqual([
    'front-layers.yaml: a-layer repeats the id of a-layer',
  ]);
});

test('a mark is read from the header in any case, its value compared without regard to case', () => {
  const layers: FrontLayer[] = [
    { id: 'any', name: 'Any value', header: 'X-Own', source: 'https://example.com', says: 'x' },
    { id: 'one', name: 'One value', header: 'Server', equals: 'Edge', source: 'https://example.com', says: 'x' },
  ];
  expect(frontLayerOf({ 'x-own': 'Whatever' }, layers)).toEqual({ layer: layers[0], mark: 'X-Own: Whatever' });
  expect(frontLayerOf({ server: 'edge' }, layers)?.layer.id).toBe('one');
  expect(frontLayerOf({ server: 'edge/2.0' }, layers)).toBeUndefined();
  expect(frontLayerOf({}, layers)).toBeUndefined();
});
