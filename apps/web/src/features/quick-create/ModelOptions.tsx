import {
  ActionIcon,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDice5 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CatalogueModel } from '../history/generation';
import { GenerationMediaPicker } from './GenerationMediaPicker';
import {
  defaultAspectRatio,
  defaultDuration,
  defaultResolution,
  LOCAL_VOICES,
  MUSIC_GENRES,
  MUSIC_KEYS,
  MUSIC_MOODS,
  modelInputs,
  OPENAI_VOICES,
  type OptionValues,
  SPEECH_LANGUAGES,
} from './quickCreate';

interface ModelOptionsProps {
  model: CatalogueModel;
  values: OptionValues;
  onChange: <K extends keyof OptionValues>(key: K, value: OptionValues[K]) => void;
}

function Labeled({ label, description, children }: { label: string; description?: string; children: ReactNode }) {
  return (
    <Input.Wrapper label={label} description={description}>
      <div style={{ marginTop: 6 }}>{children}</div>
    </Input.Wrapper>
  );
}

const RATIO_LABELS: Record<string, string> = { '16:9': '16:9 Landscape', '9:16': '9:16 Portrait', '1:1': '1:1 Square' };

/** Only the options the chosen model supports (its requirements), with the api's defaults shown. */
export function ModelOptions({ model, values, onChange }: ModelOptionsProps) {
  const inputs = modelInputs(model);
  const ratios = model.requirements.aspectRatios ?? [];
  const resolutions = model.requirements.resolutions ?? [];
  const required = new Set(model.requirements.requiredInputs);
  const maxDuration = model.requirements.maxDurationSeconds ?? 60;
  const isMusic = model.category === 'music';
  const voices = model.provider === 'local' ? LOCAL_VOICES : model.provider === 'openai' ? OPENAI_VOICES : null;

  const visual =
    ratios.length > 0 || resolutions.length > 0 ? (
      <SimpleGrid cols={{ base: 1, sm: ratios.length && resolutions.length ? 2 : 1 }} spacing="md">
        {ratios.length ? (
          <Labeled label="Aspect ratio">
            <SegmentedControl
              fullWidth
              aria-label="Aspect ratio"
              value={values.aspectRatio ?? defaultAspectRatio(model) ?? ''}
              onChange={(v) => onChange('aspectRatio', v)}
              data={ratios.map((r) => ({ value: r, label: RATIO_LABELS[r]?.split(' ')[0] ?? r }))}
            />
          </Labeled>
        ) : null}
        {resolutions.length ? (
          <Labeled label="Resolution">
            <SegmentedControl
              fullWidth
              aria-label="Resolution"
              value={values.resolution ?? defaultResolution(model) ?? ''}
              onChange={(v) => onChange('resolution', v)}
              data={resolutions}
            />
          </Labeled>
        ) : null}
      </SimpleGrid>
    ) : null;

  return (
    <Stack gap="md" data-testid="model-options">
      {visual}

      {inputs.has('image') ? (
        <GenerationMediaPicker
          kind="image"
          label={required.has('image') ? 'Input image' : 'Start from an image (optional)'}
          description="Animate one of your generated images; without one the video starts from a picture of the prompt."
          required={required.has('image')}
          value={values.image}
          onChange={(v) => onChange('image', v)}
        />
      ) : null}

      {inputs.has('duration') ? (
        <Labeled label={`Duration: ${values.duration ?? defaultDuration(model)} s`} description={`Up to ${maxDuration} seconds.`}>
          <Slider
            aria-label="Duration in seconds"
            min={1}
            max={maxDuration}
            step={1}
            value={values.duration ?? defaultDuration(model)}
            onChange={(v) => onChange('duration', v)}
            marks={[
              { value: 1, label: '1 s' },
              { value: maxDuration, label: `${maxDuration} s` },
            ]}
            mb="md"
          />
        </Labeled>
      ) : null}

      {inputs.has('voiceId') || inputs.has('language') ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {inputs.has('voiceId') ? (
            voices ? (
              <Select
                label="Voice"
                placeholder={model.provider === 'local' ? 'Male (default)' : 'Default voice'}
                data={voices}
                value={values.voiceId}
                onChange={(v) => onChange('voiceId', v)}
                withAsterisk={required.has('voiceId')}
                clearable={!required.has('voiceId')}
              />
            ) : (
              <TextInput
                label="Voice ID"
                description="The provider's voice identifier."
                value={values.voiceId ?? ''}
                onChange={(e) => onChange('voiceId', e.currentTarget.value || null)}
                withAsterisk={required.has('voiceId')}
              />
            )
          ) : null}
          {inputs.has('language') ? (
            <Select
              label="Language"
              placeholder="English (US)"
              data={SPEECH_LANGUAGES}
              value={values.language}
              onChange={(v) => onChange('language', v)}
              searchable
              clearable
            />
          ) : null}
        </SimpleGrid>
      ) : null}

      {inputs.has('speed') || inputs.has('pitch') ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {inputs.has('speed') ? (
            <Labeled label={`Speed: ${values.speed.toFixed(1)}×`}>
              <Slider
                aria-label="Speed"
                min={0.5}
                max={2}
                step={0.1}
                value={values.speed}
                onChange={(v) => onChange('speed', v)}
                marks={[{ value: 1, label: 'normal' }]}
                mb="md"
              />
            </Labeled>
          ) : null}
          {inputs.has('pitch') ? (
            <Labeled label={`Pitch: ${values.pitch}`}>
              <Slider
                aria-label="Pitch"
                min={0}
                max={100}
                step={1}
                value={values.pitch}
                onChange={(v) => onChange('pitch', v)}
                marks={[{ value: 50, label: 'normal' }]}
                mb="md"
              />
            </Labeled>
          ) : null}
        </SimpleGrid>
      ) : null}

      {inputs.has('stability') || inputs.has('similarityBoost') ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {inputs.has('stability') ? (
            <Labeled label={`Stability: ${values.stability.toFixed(2)}`}>
              <Slider aria-label="Stability" min={0} max={1} step={0.05} value={values.stability} onChange={(v) => onChange('stability', v)} />
            </Labeled>
          ) : null}
          {inputs.has('similarityBoost') ? (
            <Labeled label={`Similarity boost: ${values.similarityBoost.toFixed(2)}`}>
              <Slider
                aria-label="Similarity boost"
                min={0}
                max={1}
                step={0.05}
                value={values.similarityBoost}
                onChange={(v) => onChange('similarityBoost', v)}
              />
            </Labeled>
          ) : null}
        </SimpleGrid>
      ) : null}

      {isMusic && (inputs.has('genre') || inputs.has('mood') || inputs.has('bpm') || inputs.has('key')) ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {inputs.has('genre') ? (
            <Select
              label="Genre"
              placeholder="From the prompt"
              data={MUSIC_GENRES}
              value={values.genre}
              onChange={(v) => onChange('genre', v)}
              clearable
            />
          ) : null}
          {inputs.has('mood') ? (
            <Select
              label="Mood"
              placeholder="From the prompt"
              data={MUSIC_MOODS}
              value={values.mood}
              onChange={(v) => onChange('mood', v)}
              clearable
            />
          ) : null}
          {inputs.has('bpm') ? (
            <NumberInput
              label="Tempo (BPM)"
              placeholder="From the genre"
              min={40}
              max={220}
              clampBehavior="strict"
              allowDecimal={false}
              value={values.bpm ?? ''}
              onChange={(v) => onChange('bpm', typeof v === 'number' ? v : null)}
            />
          ) : null}
          {inputs.has('key') ? (
            <Select
              label="Key"
              placeholder="From the mood"
              data={MUSIC_KEYS}
              value={values.key}
              onChange={(v) => onChange('key', v)}
              searchable
              clearable
            />
          ) : null}
        </SimpleGrid>
      ) : null}

      {inputs.has('referenceAudio') ? (
        <GenerationMediaPicker
          kind="audio"
          label={required.has('referenceAudio') ? 'Reference audio' : 'Reference audio (optional)'}
          description="One of your audio generations to take the character from."
          required={required.has('referenceAudio')}
          value={values.referenceAudio}
          onChange={(v) => onChange('referenceAudio', v)}
        />
      ) : null}

      {inputs.has('negativePrompt') ? (
        <Textarea
          label="Negative prompt"
          description="What to keep out of the result."
          placeholder="blurry, text, watermark"
          autosize
          minRows={2}
          maxLength={2000}
          value={values.negativePrompt}
          onChange={(e) => onChange('negativePrompt', e.currentTarget.value)}
        />
      ) : null}

      {inputs.has('steps') ? (
        <NumberInput
          label="Sampler steps"
          description="More steps: more detail, slower. Empty: the workflow's own."
          placeholder="Workflow default"
          min={1}
          max={150}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={values.steps ?? ''}
          onChange={(v) => onChange('steps', typeof v === 'number' ? v : null)}
        />
      ) : null}

      {inputs.has('seed') ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NumberInput
            label="Seed"
            description="The same prompt and seed give the same result. Empty: a new random seed."
            placeholder="Random"
            min={0}
            max={2_147_483_647}
            allowDecimal={false}
            allowNegative={false}
            value={values.seed ?? ''}
            onChange={(v) => onChange('seed', typeof v === 'number' ? v : null)}
            style={{ flex: 1 }}
          />
          <Tooltip label="Pick a random seed">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Pick a random seed"
              onClick={() => onChange('seed', Math.floor(Math.random() * 2_147_483_647))}
            >
              <IconDice5 size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
    </Stack>
  );
}
