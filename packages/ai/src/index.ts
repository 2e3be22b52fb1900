/**
 * @atelier/ai — offline "local" engines that produce real output without any API key:
 * images (sharp + generated SVG), speech (espeak-ng), music (TypeScript synthesiser), video (ffmpeg zoompan)
 * and a template-based text drafter. Every result carries `metadata.engine === 'local'`.
 */

export {
  type AnimateAvatarOptions,
  AVATAR_FPS,
  AVATAR_VIDEO_SIZE,
  type AvatarVideoResult,
  animateAvatar,
  loudnessEnvelope,
  MAX_AVATAR_SPEECH_SECONDS,
} from './avatar';
export {
  AbortError,
  ASPECT_RATIOS,
  type AspectRatio,
  dimensionsFor,
  type EngineResult,
  type EngineRunOptions,
  isAbortError,
  type ProgressCallback,
  RESOLUTIONS,
  type Resolution,
} from './common';
export {
  type GenerationInputName,
  getLocalEngine,
  isLocalModelId,
  LOCAL_ENGINES,
  type LocalEngineDescriptor,
  type LocalEngineRequirements,
  type LocalModelId,
} from './engines';
export { detectFaces, type FaceBox, type FaceDetection, FaceDetectorUnavailableError, warmFaceDetector } from './face';
export { type ImageResult, type RenderImageOptions, renderImage } from './image';
export { type Engine, type EngineInput, type EngineOutput, engineFor, localEngines } from './local-engines';
export { type Loudness, type MediaProbe, measureLoudness, type ProbeOptions, probeMedia } from './media-probe';
export {
  DEFAULT_MUSIC_DURATION_SECONDS,
  MAX_MUSIC_DURATION_SECONDS,
  MUSIC_GENRES,
  type MusicalKey,
  type MusicGenre,
  normaliseGenre,
  parseKey,
  type SynthesizeMusicOptions,
  synthesizeMusic,
} from './music';
export { analyseReference, type ReferenceHints } from './music-reference';
export { LOCAL_VOICES, type LocalVoice, resolveVoice, type SynthesizeSpeechOptions, synthesizeSpeech } from './speech';
export {
  type ApplyStyleOptions,
  applyStyle,
  isLocalStyle,
  LOCAL_STYLE_IDS,
  LOCAL_STYLES,
  type LocalStyle,
  MAX_STYLE_PIXELS,
  type StyleResult,
  type StylizeVariationOptions,
  stylizeVariation,
  variationFromPrompt,
} from './style';
export {
  type ChatTurn,
  type DraftKind,
  type DraftTextOptions,
  type DraftTextResult,
  draftText,
  type EnhancedPrompt,
  type EnhancePromptOptions,
  type EnhanceType,
  enhancePrompt,
  OFFLINE_WRITER_NOTICE,
  type StreamDraftTextOptions,
  streamDraftText,
} from './text';
export {
  type Instruction,
  type ParsedInstructions,
  parseInstructions,
  type ReviseTextOptions,
  type ReviseTextResult,
  reviseText,
  type Tone,
} from './text.instructions';
export {
  DEFAULT_VIDEO_DURATION_SECONDS,
  MAX_VIDEO_DURATION_SECONDS,
  type RenderVideoOptions,
  renderVideo,
  VIDEO_MOTIONS,
  type VideoMotion,
  type VideoResult,
} from './video';
