import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ComfyGraph, checkWorkflowGraph, checkWorkflowMapping, describeGraph, parseInputRef, workflowRequirements } from './comfyui';
import { meteredUnits, settleMetered } from './rules/credits';

const SDXL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/comfyui/sdxl-text-to-image.json'), 'utf8')) as ComfyGraph;
const MAPPING = { prompt: '6.text', negativePrompt: '7.text', seed: '3.seed', width: '5.width', height: '5.height', steps: '3.steps' };

describe('ComfyUI workflow rules', () => {
  it('accepts the README workflow (API format, stock node classes) with its documented mapping', () => {
    expect(checkWorkflowGraph(SDXL)).toEqual([]);
    expect(checkWorkflowMapping(SDXL, MAPPING, '9')).toEqual([]);
    expect(Object.values(SDXL).map((n) => n.class_type)).toEqual(
      expect.arrayContaining(['CheckpointLoaderSimple', 'CLIPTextEncode', 'EmptyLatentImage', 'KSampler', 'VAEDecode', 'SaveImage']),
    );
  });

  it('refuses the editor format with how to export the API format', () => {
    const errors = checkWorkflowGraph({ nodes: [{ id: 1, type: 'KSampler' }], links: [] });
    expect(errors).toEqual([{ path: 'workflow', message: expect.stringMatching(/editor format.*Export \(API\)/) }]);
  });

  it('names the node that is not a node, and a link to a node that does not exist', () => {
    expect(checkWorkflowGraph({ '1': { inputs: {} } })).toEqual([{ path: 'workflow.1', message: expect.stringMatching(/no class_type/) }]);
    expect(checkWorkflowGraph({ '1': { class_type: 'VAEDecode', inputs: { samples: ['99', 0] } } })).toEqual([
      { path: 'workflow.1.inputs.samples', message: expect.stringMatching(/links to node 99/) },
    ]);
    expect(checkWorkflowGraph([])).toHaveLength(1);
    expect(checkWorkflowGraph({})).toEqual([{ path: 'workflow', message: 'The workflow has no nodes' }]);
  });

  it('names the field of every mapping that does not fit the workflow', () => {
    const errors = checkWorkflowMapping(
      SDXL,
      { prompt: '66.text', seed: '3.sed', negativePrompt: '7.clip', steps: '6.text', width: '5.width' },
      '99',
    );
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(byPath['inputs.prompt']).toMatch(/node 66 is not in the workflow/);
    expect(byPath['inputs.seed']).toMatch(/node 3 \(KSampler\) has no input "sed"; its inputs are seed, steps/);
    expect(byPath['inputs.negativePrompt']).toMatch(/connected to another node/);
    expect(byPath['inputs.steps']).toMatch(/holds a string, not a number/);
    expect(byPath['inputs.height']).toMatch(/Map height too/);
    expect(byPath.outputNode).toBe('Node 99 is not in the workflow');
  });

  it('refuses one input mapped twice and a reference without a dot', () => {
    const errors = checkWorkflowMapping(SDXL, { prompt: '6.text', negativePrompt: '6.text', seed: 'seed' }, '9');
    expect(errors.map((e) => e.path).sort()).toEqual(['inputs.negativePrompt', 'inputs.seed']);
  });

  it('reads node ids with dots (subgraphs): the input is after the last dot', () => {
    expect(parseInputRef('12:3.text')).toEqual({ node: '12:3', input: 'text' });
    expect(parseInputRef('a.b.seed')).toEqual({ node: 'a.b', input: 'seed' });
    expect(parseInputRef('text')).toBeNull();
    expect(parseInputRef('6.')).toBeNull();
  });

  it('derives what Quick Create asks for from the mapping', () => {
    expect(workflowRequirements(MAPPING, 'image')).toEqual({
      requiredInputs: ['prompt'],
      optionalInputs: ['negativePrompt', 'seed', 'steps'],
      aspectRatios: ['16:9', '9:16', '1:1'],
      resolutions: ['480p', '720p', '1080p'],
    });
    expect(workflowRequirements({ prompt: '1.text', image: '2.image', frames: '3.length' }, 'video')).toEqual({
      requiredInputs: ['prompt', 'image'],
      optionalInputs: ['duration'],
      maxDurationSeconds: 20,
    });
    expect(workflowRequirements({ prompt: '1.text' }, 'image')).toEqual({ requiredInputs: ['prompt'], optionalInputs: [] });
  });

  it('lists the nodes and the inputs that hold values, for the pickers', () => {
    const nodes = describeGraph(SDXL);
    expect(nodes.find((n) => n.id === '3')).toEqual({
      id: '3',
      classType: 'KSampler',
      title: 'KSampler',
      inputs: ['seed', 'steps', 'cfg', 'sampler_name', 'scheduler', 'denoise'],
    });
  });
});

describe('token-metered prices', () => {
  it('charges per 1,000 tokens, rounded up to a unit', () => {
    expect(meteredUnits(100, 1000)).toBe(100);
    expect(meteredUnits(100, 1)).toBe(1);
    expect(meteredUnits(100, 0)).toBe(0);
    expect(meteredUnits(0, 5000)).toBe(0);
    expect(meteredUnits(250, 1234)).toBe(309);
  });

  it('settles a hold to the tokens used and never charges more than the hold', () => {
    expect(settleMetered(120, 100, 30, 20)).toEqual({ chargedUnits: 5, refundUnits: 115 });
    expect(settleMetered(10, 100, 5000, 5000)).toEqual({ chargedUnits: 10, refundUnits: 0 });
    expect(settleMetered(50, 100, -3, 0)).toEqual({ chargedUnits: 0, refundUnits: 50 });
  });
});
