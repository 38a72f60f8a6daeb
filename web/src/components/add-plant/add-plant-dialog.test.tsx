import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, format } from 'date-fns';
import { localDateKey } from '@/api/plants/plant-schema';
import { formatDate, parseDate, toDateKey, todayKey } from '@/lib/dates';
import { makeDbItem } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderWithSession } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { AddPlantDialog } from './add-plant-dialog';

function renderDialog() {
  const onOpenChange = vi.fn();
  const view = renderWithSession(<AddPlantDialog open onOpenChange={onOpenChange} />);
  return { ...view, onOpenChange };
}

const posts = () => db.requests.filter((r) => r.method === 'POST' && r.path === '/api/plants');

describe('Add New Plant dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the defaults: type Herbs, water every 7 days, fertilizer every 30, light not set', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    expect(within(dialog).getByLabelText('Plant type')).toHaveValue('Herbs');
    expect(within(dialog).getByLabelText('Water every (days)')).toHaveValue(7);
    expect(within(dialog).getByLabelText('Fertilize every (days)')).toHaveValue(30);
    const light = within(dialog).getByLabelText('Light needs');
    expect(light).toHaveValue('');
    expect(within(light).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Not set',
      'Low Light',
      'Medium Light',
      'Bright Indirect',
      'Bright Light',
      'Full Sun',
    ]);
    expect(within(within(dialog).getByLabelText('Plant type')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Herbs',
      'Vegetables',
      'Fruits',
      'Flowers',
      'Houseplants',
      'Succulents & Cacti',
      'Trees & Shrubs',
      'Other',
    ]);
  });

  it('shows the validation messages and sends nothing', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'B');
    const water = within(dialog).getByLabelText('Water every (days)');
    await user.clear(water);
    await user.type(water, '0');
    const fertilizer = within(dialog).getByLabelText('Fertilize every (days)');
    await user.clear(fertilizer);
    await user.type(fertilizer, '366');
    await user.type(within(dialog).getByLabelText('…or paste an image URL'), 'not-a-url');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await within(dialog).findByText('Plant name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Water frequency must be at least 1 day')).toBeInTheDocument();
    expect(within(dialog).getByText('Fertilizer frequency cannot exceed 365 days')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Plant name')).toHaveFocus();
    expect(posts()).toHaveLength(0);

    // Messages follow the input once the form was submitted.
    await user.type(within(dialog).getByLabelText('Plant name'), 'asil');
    expect(within(dialog).queryByText('Plant name must be at least 2 characters')).not.toBeInTheDocument();
  });

  it('adds the plant with the defaults, toasts "Plant added" and closes', async () => {
    const { user, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    await user.type(within(dialog).getByLabelText('Location'), 'Kitchen window');
    await user.selectOptions(within(dialog).getByLabelText('Light needs'), 'Full Sun');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('Plant added')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posts()[0]!.body).toEqual({
      name: 'Basil',
      species: '',
      plantType: 'Herbs',
      imageUrl: '',
      lightNeeds: 'Full Sun',
      waterFrequency: 7,
      fertilizerFrequency: 30,
      notes: '',
      location: 'Kitchen window',
      lastWatered: expect.any(String),
      lastFertilized: expect.any(String),
    });
    // Watered and fertilized today unless told otherwise: on the schedule from the start.
    const body = posts()[0]!.body as { lastWatered: string; lastFertilized: string };
    expect(localDateKey(body.lastWatered)).toBe(todayKey());
    expect(localDateKey(body.lastFertilized)).toBe(todayKey());
  });

  it('asks when it was last watered and fertilized, today by default, and sends a picked day', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    const today = parseDate(todayKey())!;
    expect(within(dialog).getByRole('button', { name: `Last watered: ${formatDate(today)}` })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: `Last fertilized: ${formatDate(today)}` })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    // Four days ago, picked in the calendar; tomorrow cannot be picked.
    await user.click(within(dialog).getByRole('button', { name: /^Last watered/ }));
    const fourDaysAgo = addDays(today, -4);
    const tomorrow = addDays(today, 1);
    if (tomorrow.getMonth() === today.getMonth()) {
      expect(screen.getByRole('button', { name: format(tomorrow, 'MMMM d, yyyy') })).toBeDisabled();
    }
    if (fourDaysAgo.getMonth() !== today.getMonth()) await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: format(fourDaysAgo, 'MMMM d, yyyy') }));
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]!.body as { lastWatered: string; lastFertilized: string };
    expect(localDateKey(body.lastWatered)).toBe(toDateKey(fourDaysAgo));
    expect(localDateKey(body.lastFertilized)).toBe(todayKey());
  });

  it('refuses a cleared last watered date', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    await user.click(within(dialog).getAllByRole('button', { name: 'Clear date' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await within(dialog).findByText('Please enter when it was last watered')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('on 403 "Plant limit reached" toasts the limit, closes and refreshes the limit', async () => {
    db.limit = { limit: 3, currentCount: 3, canAddPlant: false };
    const { user, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    const limitCallsBefore = () => db.requests.filter((r) => r.path === '/api/plants-limit').length;
    await waitFor(() => expect(limitCallsBefore()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('Plant Limit Reached')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You have reached your plant limit (3 plants). Please remove plants or contact your site administrator.',
      ),
    ).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(limitCallsBefore()).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Plant added')).not.toBeInTheDocument();
  });

  it('shows the generic error toast for other failures and stays open', async () => {
    server.use(http.post('*/api/plants', () => HttpResponse.json({ message: 'Internal error.' }, { status: 500 })));
    const { user, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('There was a problem adding your plant. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows the server field messages of a 400', async () => {
    server.use(
      http.post('*/api/plants', () =>
        HttpResponse.json(
          { message: 'Invalid input', code: 'invalid', errors: { name: 'Plant name must be at least 2 characters' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await within(dialog).findByText('Plant name must be at least 2 characters')).toBeInTheDocument();
  });

  it('loads the plant database when it opens and prefills from the picked item', async () => {
    db.database = [
      makeDbItem({
        id: 41,
        commonName: 'Cherry Tomato',
        scientificName: 'Solanum lycopersicum',
        plantType: 'Vegetable',
        lightRequirements: 'Full sun',
        waterRequirements: 'every 2 days',
        fertilizorRequirements: 'every 2 weeks',
        careInstructions: { watering: 'Keep moist' },
      }),
    ];
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    const picker = within(dialog).getByLabelText('Start from the plant database');
    await within(picker).findByRole('option', { name: 'Cherry Tomato (Solanum lycopersicum)' });
    expect(db.requests.some((r) => r.path === '/api/plant-database')).toBe(true);
    await user.selectOptions(picker, '41');
    expect(within(dialog).getByLabelText('Plant name')).toHaveValue('Cherry Tomato');
    expect(within(dialog).getByLabelText('Species')).toHaveValue('Solanum lycopersicum');
    expect(within(dialog).getByLabelText('Plant type')).toHaveValue('Vegetables');
    expect(within(dialog).getByLabelText('Light needs')).toHaveValue('Full Sun');
    expect(within(dialog).getByLabelText('Water every (days)')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Fertilize every (days)')).toHaveValue(14);
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('Watering: Keep moist');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    await screen.findByText('Plant added');
    expect(posts()[0]!.body).toMatchObject({ name: 'Cherry Tomato', plantDatabaseId: 41, waterFrequency: 2 });
  });

  it('searches the plant database on the server and keeps the picked item through a new search', async () => {
    db.database = [
      makeDbItem({ id: 41, commonName: 'Cherry Tomato', scientificName: 'Solanum lycopersicum' }),
      makeDbItem({ id: 42, commonName: 'Sweet Basil', scientificName: 'Ocimum basilicum' }),
    ];
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    const picker = within(dialog).getByLabelText('Start from the plant database');
    await within(picker).findByRole('option', { name: 'Sweet Basil (Ocimum basilicum)' });
    await user.selectOptions(picker, '42');
    await user.type(within(dialog).getByLabelText('Find in the plant database'), 'tomato');
    await waitFor(() => expect(db.requests.some((r) => r.path === '/api/plant-database' && r.search === '?q=tomato&limit=50')).toBe(true));
    await within(picker).findByRole('option', { name: 'Cherry Tomato (Solanum lycopersicum)' });
    expect(picker).toHaveValue('42');
    expect(within(picker).getByRole('option', { name: 'Sweet Basil (Ocimum basilicum)' })).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Find in the plant database'));
    await user.type(within(dialog).getByLabelText('Find in the plant database'), 'zzz');
    expect(await within(dialog).findByText('Nothing in the plant database matches “zzz”.')).toBeInTheDocument();
  });

  it('uploads a chosen photo, previews it and sends its URL', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Basil');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'basil.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Upload image file'), { target: { files: [file] } });
    expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
    const preview = await within(dialog).findByAltText('Preview of the chosen image');
    expect(preview.getAttribute('src')).toMatch(/^\/api\/images\/upload-\d+\.png$/);
    const upload = db.requests.find((r) => r.path === '/api/upload/image')!;
    // multipart with the field `file` (jsdom's File does not survive the trip intact: the
    // browser e2e test checks the real upload)
    expect((upload.body as FormData).get('file')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    await screen.findByText('Plant added');
    expect((posts()[0]!.body as { imageUrl: string }).imageUrl).toBe(preview.getAttribute('src'));

    await user.click(within(dialog).getByRole('button', { name: 'Remove image' }));
    expect(within(dialog).queryByAltText('Preview of the chosen image')).not.toBeInTheDocument();
  });

  it('toasts "Upload failed" when the upload is refused', async () => {
    server.use(
      http.post('*/api/upload/image', () =>
        HttpResponse.json({ message: 'Only JPEG, PNG, GIF and WebP images can be uploaded.' }, { status: 400 }),
      ),
    );
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByLabelText('Upload image file'), { target: { files: [file] } });
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('There was a problem uploading your image. Please try again.')).toBeInTheDocument();
  });

  it('toasts "Camera Error" when the camera cannot be opened', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) },
    });
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.click(within(dialog).getByRole('button', { name: 'Use camera' }));
    expect(await screen.findByText('Camera Error')).toBeInTheDocument();
    expect(screen.getByText("Unable to access the camera. Make sure you've granted camera permissions.")).toBeInTheDocument();
  });
});
