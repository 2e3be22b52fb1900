import { type AnthropicSimulator, startAnthropicSimulator } from './anthropic';
import { type ElevenLabsSimulator, startElevenLabsSimulator } from './elevenlabs';
import { type OpenAISimulator, startOpenAISimulator } from './openai';
import { type ReplicateSimulator, startReplicateSimulator } from './replicate';

/**
 * Every provider simulator at once, with the env overrides that point each SDK at its
 * simulator (for createTestApp / parseEnv). Test-only code.
 */
export interface Simulators {
  openai: OpenAISimulator;
  anthropic: AnthropicSimulator;
  replicate: ReplicateSimulator;
  elevenlabs: ElevenLabsSimulator;
  /** An OpenAI-compatible server (Ollama-like) serving `llama3.1` and `qwen2.5`. */
  compatible: OpenAISimulator;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSimulators(): Promise<Simulators> {
  const [openai, anthropic, replicate, elevenlabs, compatible] = await Promise.all([
    startOpenAISimulator(),
    startAnthropicSimulator(),
    startReplicateSimulator(),
    startElevenLabsSimulator(),
    startOpenAISimulator({ apiKey: 'ollama', chatModels: ['llama3.1', 'qwen2.5'] }),
  ]);
  return {
    openai,
    anthropic,
    replicate,
    elevenlabs,
    compatible,
    env: {
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: `${openai.url}/v1`,
      ANTHROPIC_API_KEY: anthropic.apiKey,
      ANTHROPIC_BASE_URL: anthropic.url,
      REPLICATE_API_TOKEN: replicate.apiToken,
      REPLICATE_BASE_URL: `${replicate.url}/v1`,
      ELEVENLABS_API_KEY: elevenlabs.apiKey,
      ELEVENLABS_BASE_URL: elevenlabs.url,
      OPENAI_COMPATIBLE_BASE_URL: `${compatible.url}/v1`,
      OPENAI_COMPATIBLE_API_KEY: compatible.apiKey,
      OPENAI_COMPATIBLE_MODELS: 'llama3.1,qwen2.5',
    },
    close: async () => {
      await Promise.all([openai.close(), anthropic.close(), replicate.close(), elevenlabs.close(), compatible.close()]);
    },
  };
}

/** The self-hosted engines' simulators (issue 25), started on their own: their env (COMFYUI_URL, OLLAMA_URL) changes the catalogue. */
export { type ComfyUISimulator, startComfyUISimulator } from './comfyui';
export { type OllamaSimulator, promptEvalCount, startOllamaSimulator } from './ollama';
export type { AnthropicSimulator, ElevenLabsSimulator, OpenAISimulator, ReplicateSimulator };
export { startAnthropicSimulator, startElevenLabsSimulator, startOpenAISimulator, startReplicateSimulator };
