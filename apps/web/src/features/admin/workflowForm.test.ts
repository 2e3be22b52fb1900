import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComfyGraph } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { guessMapping, guessOutputNode, guessOutputType, inputOptions, mappingErrors, parseWorkflow, slugFromName } from './workflowForm';

const README_WORKFLOW = readFileSync(path.resolve(__dirname, '../../../../../docs/comfyui/sdxl-text-to-image.json'), 'utf8');

describe('the Workflows form', () => {
  it("guesses the README workflow's mapping from its stock nodes, which the server's checks accept", () => {
    const { graph, error } = parseWorkflow(README_WORKFLOW);
    expect(error).toBeNull();
    const g = graph as ComfyGraph;
    expect(guessOutputType(g)).toBe('image');
    expect(guessOutputNode(g, 'image')).toBe('9');
    const mapping = guessMapping(g, 'image');
    expect(mapping).toEqual({ prompt: '6.text', negativePrompt: '7.text', seed: '3.seed', steps: '3.steps', width: '5.width', height: '5.height' });
    expect(mappingErrors(g, mapping, '9', 'image')).toEqual({});
  });

  it('guesses video and image-to-video mappings (length, LoadImage) and the saving node', () => {
    const g: ComfyGraph = {
      '1': { class_type: 'LoadImage', inputs: { image: 'start.png' } },
      '2': { class_type: 'EmptyHunyuanLatentVideo', inputs: { width: 848, height: 480, length: 73, batch_size: 1 } },
      '3': { class_type: 'CLIPTextEncode', inputs: { text: 'waves', clip: ['9', 1] }, _meta: { title: 'Positive' } },
      '4': { class_type: 'KSampler', inputs: { seed: 1, steps: 30, positive: ['3', 0], negative: ['3', 0], latent_image: ['2', 0] } },
      '5': { class_type: 'SaveVideo', inputs: { filename_prefix: 'v', video: ['4', 0] } },
    };
    expect(guessOutputType(g)).toBe('video');
    expect(guessOutputNode(g, 'video')).toBe('5');
    expect(guessMapping(g, 'video')).toMatchObject({ prompt: '3.text', seed: '4.seed', frames: '2.length', width: '2.width', image: '1.image' });
  });

  it('says what is wrong before saving, by field', () => {
    const { graph } = parseWorkflow(README_WORKFLOW);
    const errors = mappingErrors(graph, { seed: '3.steps', negativePrompt: '3.steps' }, null, 'image');
    expect(Object.keys(errors).sort()).toEqual(['inputs.negativePrompt', 'inputs.prompt', 'outputNode']);
    expect(parseWorkflow('{ nope').error).toMatch(/^Not JSON/);
    expect(parseWorkflow('{"nodes": [], "links": []}').error).toMatch(/Export \(API\)/);
  });

  it('offers only inputs of the right kind, grouped by node', () => {
    const g = parseWorkflow(README_WORKFLOW).graph as ComfyGraph;
    const seeds = inputOptions(g, 'seed').flatMap((group) => group.items.map((i) => i.value));
    expect(seeds).toContain('3.seed');
    expect(seeds).not.toContain('6.text');
    expect(inputOptions(g, 'prompt').map((group) => group.group)).toEqual([
      '#3 KSampler',
      '#4 Load Checkpoint (CheckpointLoaderSimple)',
      '#6 Positive prompt (CLIPTextEncode)',
      '#7 Negative prompt (CLIPTextEncode)',
      '#9 Save Image (SaveImage)',
    ]);
    expect(slugFromName('SDXL on my 4090!')).toBe('sdxl-on-my-4090');
  });
});
