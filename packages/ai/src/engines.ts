/**
 * Descriptors of the offline local engines, for model catalogues and pricing. Input names follow the shared
 * generation-input vocabulary (prompt, image, negativePrompt, seed, voiceId, speed, pitch, language, genre, mood,
 * duration, bpm, key, …). Speech uses `prompt` as the text to speak.
 */
import { ASPECT_RATIOS, RESOLUTIONS } from './common';

export type LocalModelId = 'local/image' | 'local/speech' | 'local/music' | 'local/video' | 'local/text';

export type GenerationInputName =
  | 'prompt'
  | 'image'
  | 'negativePrompt'
  | 'seed'
  | 'voiceId'
  | 'speed'
  | 'pitch'
  | 'language'
  | 'stability'
  | 'similarityBoost'
  | 'genre'
  | 'mood'
  | 'duration'
  | 'bpm'
  | 'key'
  | 'referenceAudio';

export interface LocalEngineRequirements {
  aspectRatios?: string[];
  resolutions?: string[];
  requiredInputs: GenerationInputName[];
  optionalInputs: GenerationInputName[];
}

export interface LocalEngineDescriptor {
  modelId: LocalModelId;
  name: string;
  type: 'IMAGE' | 'AUDIO' | 'VIDEO' | 'TEXT';
  /** Only for AUDIO engines. */
  category?: 'voice' | 'music';
  provider: 'local';
  description: string;
  /** Suggested price per generation, in credits. */
  credits: number;
  /** Output MIME type(s) by default. */
  output: string;
  requirements: LocalEngineRequirements;
}

export const LOCAL_ENGINES: readonly LocalEngineDescriptor[] = [
  {
    modelId: 'local/image',
    name: 'Local Image (offline)',
    type: 'IMAGE',
    provider: 'local',
    description:
      'Offline procedural image generator that runs on this server (no AI model, no API key): turns the prompt’s scene, colour and mood ' +
      'words into a deterministic illustrated PNG (skies, sun/moon, mountains, water, forests, skylines or abstract shapes).',
    credits: 1,
    output: 'image/png',
    requirements: {
      aspectRatios: [...ASPECT_RATIOS],
      resolutions: [...RESOLUTIONS],
      requiredInputs: ['prompt'],
      optionalInputs: ['negativePrompt', 'seed'],
    },
  },
  {
    modelId: 'local/speech',
    name: 'Local Speech (offline)',
    type: 'AUDIO',
    category: 'voice',
    provider: 'local',
    description:
      'Offline text-to-speech with the espeak-ng synthesiser running on this server (robotic but clear, many languages; no API key). ' +
      'The prompt is the text to speak.',
    credits: 1,
    output: 'audio/wav',
    requirements: {
      requiredInputs: ['prompt'],
      optionalInputs: ['voiceId', 'speed', 'pitch', 'language'],
    },
  },
  {
    modelId: 'local/music',
    name: 'Local Music (offline)',
    type: 'AUDIO',
    category: 'music',
    provider: 'local',
    description:
      'Offline music synthesiser running on this server (no AI model, no API key): composes chords, melody, bass and drums from ' +
      'genre, mood, key and tempo, and renders a 44.1 kHz stereo WAV.',
    credits: 2,
    output: 'audio/wav',
    requirements: {
      requiredInputs: ['prompt'],
      optionalInputs: ['genre', 'mood', 'duration', 'bpm', 'key', 'seed'],
    },
  },
  {
    modelId: 'local/video',
    name: 'Local Video (offline)',
    type: 'VIDEO',
    provider: 'local',
    description:
      'Offline video maker running on this server with ffmpeg (no AI model, no API key): animates your image — or an offline image ' +
      'drawn from the prompt — with a smooth camera move into an H.264 MP4.',
    credits: 3,
    output: 'video/mp4',
    requirements: {
      aspectRatios: [...ASPECT_RATIOS],
      resolutions: [...RESOLUTIONS],
      requiredInputs: ['prompt'],
      optionalInputs: ['image', 'duration', 'seed'],
    },
  },
  {
    modelId: 'local/text',
    name: 'Local Text (offline)',
    type: 'TEXT',
    provider: 'local',
    description:
      'Offline template-based draft writer running on this server — not an AI model: turns the prompt’s key phrases into a structured ' +
      'markdown outline (title, sections, bullets, conclusion) to edit.',
    credits: 1,
    output: 'text/markdown',
    requirements: {
      requiredInputs: ['prompt'],
      optionalInputs: [],
    },
  },
];

export function getLocalEngine(modelId: string): LocalEngineDescriptor | undefined {
  return LOCAL_ENGINES.find((e) => e.modelId === modelId);
}

export function isLocalModelId(modelId: string): modelId is LocalModelId {
  return LOCAL_ENGINES.some((e) => e.modelId === modelId);
}
