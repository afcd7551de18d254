import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ListingView, createListingBody, listingCategories, listingMessages } from '../../../../domain';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { ListingFormBody } from '@/features/listings/api';
import { usePhotoUploads } from '@/features/listings/hooks/use-photo-uploads';
import { ConditionField } from './condition-field';
import { PhotoPicker } from './photo-picker';

// The shared listing schema (spec 5); photos are managed by the picker. The category and condition
// start empty, so the form reads them as text first and then checks them with the domain's own rules
// and messages. The API takes a listing without a condition; the form does not (decision 44).
const listingFormSchema = createListingBody.omit({ imageUrls: true }).extend({
  category: z.string().pipe(createListingBody.shape.category),
  condition: z.string({ error: listingMessages.conditionRequired }).pipe(createListingBody.shape.condition.unwrap().unwrap()),
});

const formFields = ['title', 'price', 'description', 'category', 'condition'] as const;

type ListingFormProps = {
  tier: string;
  listing?: ListingView;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (body: ListingFormBody, handlers: { onError: (error: Error) => void }) => void;
};

export function ListingForm({ tier, listing, submitLabel, pendingLabel, isPending, onSubmit }: ListingFormProps) {
  const uploads = usePhotoUploads({ tier, initialUrls: listing?.imageUrls });
  const form = useForm({
    resolver: zodResolver(listingFormSchema),
    defaultValues: {
      title: listing?.title ?? '',
      price: listing?.price ?? '',
      description: listing?.description ?? '',
      category: listing?.category ?? '',
      // A listing from before conditions has none: its seller chooses one to save it from here.
      condition: listing?.condition ?? '',
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    onSubmit(
      { ...values, imageUrls: uploads.uploadedUrls },
      { onError: (error) => applyServerFieldErrors(error, form.setError, formFields) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <FormField label="Title" error={errors.title?.message} hint="What are you selling? e.g. Kids' bike, 16 inch">
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>

      <FormField label="Price (AUD)" error={errors.price?.message} hint="For example 25 or 149.95">
        <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...form.register('price')} />
      </FormField>

      <FormField label="Description" error={errors.description?.message} hint="Size, age, any faults, pickup details: what a neighbour would ask.">
        <Textarea rows={6} {...form.register('description')} />
      </FormField>

      <PhotoPicker uploads={uploads} />

      <FormField label="Category" error={errors.category?.message}>
        <Select {...form.register('category')}>
          <option value="">Choose a category</option>
          {listingCategories.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </Select>
      </FormField>

      <ConditionField field={form.register('condition')} error={errors.condition?.message} />

      <div className="space-y-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isPending || uploads.isBusy}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
        {uploads.isBusy && (
          <p className="text-sm text-ink-500" role="status">
            Hang tight, your photos are still uploading.
          </p>
        )}
      </div>
    </form>
  );
}
