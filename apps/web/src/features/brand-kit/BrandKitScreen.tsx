import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Card,
  ColorInput,
  ColorSwatch,
  FileButton,
  Grid,
  Group,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy, IconLogin2, IconPalette, IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { openLoginModal } from '../../lib/loginPrompt';
import { trpc } from '../../lib/trpc';
import { fileToDataUrl, imageFileProblem } from './fileToDataUrl';

interface FormValues {
  brandName: string;
  colors: { name: string; hex: string }[];
  fonts: string[];
  toneOfVoice: string;
  audience: string;
  wordsToUse: string[];
  wordsToAvoid: string[];
}

const EMPTY: FormValues = { brandName: '', colors: [], fonts: [], toneOfVoice: '', audience: '', wordsToUse: [], wordsToAvoid: [] };
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The same clause the api appends (brand-kit.service.ts), for the live preview while editing. */
function previewClause(v: FormValues): string {
  const parts: string[] = [];
  if (v.brandName.trim()) parts.push(`Brand: ${v.brandName.trim()}.`);
  const colors = v.colors.filter((c) => HEX.test(c.hex));
  if (colors.length)
    parts.push(`Colour palette: ${colors.map((c) => (c.name.trim() ? `${c.name.trim()} ${c.hex.toUpperCase()}` : c.hex.toUpperCase())).join(', ')}.`);
  if (v.fonts.length) parts.push(`Fonts: ${v.fonts.join(', ')}.`);
  if (v.toneOfVoice.trim()) parts.push(`Tone of voice: ${v.toneOfVoice.trim().replace(/[.\s]+$/, '')}.`);
  if (v.audience.trim()) parts.push(`Audience: ${v.audience.trim().replace(/[.\s]+$/, '')}.`);
  if (v.wordsToUse.length) parts.push(`Use the words: ${v.wordsToUse.join(', ')}.`);
  if (v.wordsToAvoid.length) parts.push(`Avoid the words: ${v.wordsToAvoid.join(', ')}.`);
  return parts.length ? `Brand guidelines — ${parts.join(' ')}` : '';
}

/** /brand-kit — brand name, logo, palette, fonts, tone, audience and words, applied to generations on request. */
export function BrandKitScreen() {
  const { isAuthenticated } = useAuth();
  const guard = useRequireLogin();
  const utils = trpc.useUtils();
  const kit = trpc.brandKit.get.useQuery();
  const [logo, setLogo] = useState<{ dataUrl: string | null; changed: boolean }>({ dataUrl: null, changed: false });
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: {
      brandName: (v) => (v.length > 80 ? 'At most 80 characters' : null),
      colors: { hex: (v) => (HEX.test(v) ? null : 'Use a hex colour like #1A2B3C') },
      toneOfVoice: (v) => (v.length > 500 ? 'At most 500 characters' : null),
      audience: (v) => (v.length > 500 ? 'At most 500 characters' : null),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the saved kit into the form when it arrives
  useEffect(() => {
    const k = kit.data?.brandKit;
    if (!k) return;
    form.setValues({
      brandName: k.brandName,
      colors: k.colors,
      fonts: k.fonts,
      toneOfVoice: k.toneOfVoice,
      audience: k.audience,
      wordsToUse: k.wordsToUse,
      wordsToAvoid: k.wordsToAvoid,
    });
    form.resetDirty();
    setLogo({ dataUrl: k.logoUrl, changed: false });
  }, [kit.data?.brandKit?.updatedAt]);

  const save = trpc.brandKit.update.useMutation({
    onSuccess: (r) => {
      utils.brandKit.get.setData(undefined, r);
      notifications.show({ color: 'teal', title: 'Brand kit saved', message: 'Switch on “apply brand kit” when you generate to use it.' });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) }),
  });

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setLogoError(problem);
    if (problem) return;
    setLogo({ dataUrl: await fileToDataUrl(file), changed: true });
  };

  if (kit.isError) {
    return (
      <Stack gap="lg">
        <ScreenHeader eyebrow="Library" title="Brand Kit" description="Your brand, applied to what you generate." />
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your brand kit could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(kit.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void kit.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const clause = previewClause(form.values);
  const dirty = form.isDirty() || logo.changed;

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Library"
        title="Brand Kit"
        description="Your colours, fonts, logo and tone of voice. Switch on “apply brand kit” when generating and they are added to the prompt."
        actions={
          isAuthenticated ? (
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={save.isPending}
              disabled={!dirty || kit.isPending}
              type="submit"
              form="brand-kit-form"
            >
              Save brand kit
            </Button>
          ) : null
        }
      />
      {!isAuthenticated ? (
        <ScreenEmptyState
          icon={<IconPalette size={26} stroke={1.6} />}
          title="Log in to set up your brand kit"
          description="Add your brand colours, fonts and logo once; every generation can then stay on-brand."
          actions={
            <Button leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')}>
              Login
            </Button>
          }
        />
      ) : kit.isPending ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={560} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={300} radius="lg" />
          </Grid.Col>
        </Grid>
      ) : (
        <form
          id="brand-kit-form"
          onSubmit={form.onSubmit((v) =>
            guard('saveBrandKit', () =>
              save.mutate({
                ...v,
                brandName: v.brandName.trim(),
                colors: v.colors.map((c) => ({ name: c.name.trim(), hex: c.hex })),
                ...(logo.changed ? { logo: logo.dataUrl } : {}),
              }),
            ),
          )}
        >
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                {kit.data?.brandKit === null && !dirty ? (
                  <Alert variant="light" color="brand" icon={<IconPalette size={18} aria-hidden />} title="No brand kit yet">
                    Fill in what matters for your brand and save. Everything is optional.
                  </Alert>
                ) : null}
                <Card withBorder radius="lg" padding="lg">
                  <Stack gap="md">
                    <Title order={2} fz="lg">
                      Identity
                    </Title>
                    <TextInput label="Brand name" placeholder="e.g. Acme Bakery" {...form.getInputProps('brandName')} />
                    <Stack gap={6}>
                      <Text size="sm" fw={500}>
                        Logo
                      </Text>
                      <Group gap="md">
                        <Avatar src={logo.dataUrl} size={72} radius="md" variant="light" alt={logo.dataUrl ? 'Brand logo' : undefined}>
                          <IconPhotoUp size={26} aria-hidden />
                        </Avatar>
                        <Stack gap={6}>
                          <Group gap="xs">
                            <FileButton onChange={(f) => void pickLogo(f)} accept="image/png,image/jpeg,image/webp">
                              {(props) => (
                                <Button {...props} size="xs" variant="default" leftSection={<IconPhotoUp size={14} aria-hidden />}>
                                  {logo.dataUrl ? 'Replace logo' : 'Upload logo'}
                                </Button>
                              )}
                            </FileButton>
                            {logo.dataUrl ? (
                              <Button size="xs" variant="subtle" color="red" onClick={() => setLogo({ dataUrl: null, changed: true })}>
                                Remove
                              </Button>
                            ) : null}
                          </Group>
                          <Text size="xs" c={logoError ? 'red' : 'dimmed'}>
                            {logoError ?? 'PNG, JPEG or WebP, up to 8 MB.'}
                          </Text>
                        </Stack>
                      </Group>
                    </Stack>
                  </Stack>
                </Card>
                <Card withBorder radius="lg" padding="lg">
                  <Stack gap="md">
                    <Group justify="space-between">
                      <Title order={2} fz="lg">
                        Colour palette
                      </Title>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        disabled={form.values.colors.length >= 12}
                        onClick={() => form.insertListItem('colors', { name: '', hex: '#7048E8' })}
                      >
                        Add colour
                      </Button>
                    </Group>
                    {form.values.colors.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        No colours yet. Add your primary, secondary and accent colours.
                      </Text>
                    ) : null}
                    {form.values.colors.map((_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: list items are edited in place
                      <Group key={i} gap="sm" align="flex-start" wrap="nowrap">
                        <TextInput
                          aria-label={`Colour ${i + 1} name`}
                          placeholder="Name (e.g. Primary)"
                          style={{ flex: 1 }}
                          {...form.getInputProps(`colors.${i}.name`)}
                        />
                        <ColorInput aria-label={`Colour ${i + 1} value`} format="hex" w={150} {...form.getInputProps(`colors.${i}.hex`)} />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Remove colour ${i + 1}`}
                          onClick={() => form.removeListItem('colors', i)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                </Card>
                <Card withBorder radius="lg" padding="lg">
                  <Stack gap="md">
                    <Title order={2} fz="lg">
                      Voice
                    </Title>
                    <TagsInput label="Fonts" placeholder="Type a font and press Enter" maxTags={6} {...form.getInputProps('fonts')} />
                    <Textarea
                      label="Tone of voice"
                      placeholder="e.g. Warm, playful and confident"
                      autosize
                      minRows={2}
                      {...form.getInputProps('toneOfVoice')}
                    />
                    <Textarea
                      label="Audience"
                      placeholder="e.g. Young families who care where their food comes from"
                      autosize
                      minRows={2}
                      {...form.getInputProps('audience')}
                    />
                    <TagsInput label="Words to use" placeholder="Type and press Enter" maxTags={30} {...form.getInputProps('wordsToUse')} />
                    <TagsInput label="Words to avoid" placeholder="Type and press Enter" maxTags={30} {...form.getInputProps('wordsToAvoid')} />
                  </Stack>
                </Card>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card withBorder radius="lg" padding="lg" style={{ position: 'sticky', top: 80 }}>
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    Preview
                  </Title>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={logo.dataUrl} size={48} radius="md" variant="light">
                      <IconPalette size={20} aria-hidden />
                    </Avatar>
                    <Text
                      fw={700}
                      fz="lg"
                      style={{ fontFamily: form.values.fonts[0] ? `${form.values.fonts[0]}, var(--mantine-font-family)` : undefined }}
                    >
                      {form.values.brandName.trim() || 'Your brand'}
                    </Text>
                  </Group>
                  {form.values.colors.some((c) => HEX.test(c.hex)) ? (
                    <Group gap={6}>
                      {form.values.colors
                        .filter((c) => HEX.test(c.hex))
                        .map((c, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: colours may repeat
                          <ColorSwatch key={i} color={c.hex} size={28} title={c.name || c.hex} />
                        ))}
                    </Group>
                  ) : null}
                  <Stack gap={4}>
                    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                      Added to your prompt when “apply brand kit” is on
                    </Text>
                    <Text size="sm" data-testid="brand-clause" style={{ whiteSpace: 'pre-wrap' }} c={clause ? undefined : 'dimmed'}>
                      {clause || 'Nothing yet — fill in the kit on the left.'}
                    </Text>
                  </Stack>
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        </form>
      )}
    </Stack>
  );
}
