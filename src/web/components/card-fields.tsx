// Card number, expiry and CVC, shared by the account's card check and the checkout's payment.
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';
import { FormField } from './form-field';
import { Input } from '@/components/ui/input';

export type CardFieldValues = { cardNumber: string; expiry: string; cvc: string };

export function CardFields<T extends FieldValues & CardFieldValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <Controller
        control={control}
        name={'cardNumber' as Path<T>}
        render={({ field, fieldState }) => (
          <FormField label="Card number" error={fieldState.error?.message}>
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              maxLength={23}
              onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
            />
          </FormField>
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={control}
          name={'expiry' as Path<T>}
          render={({ field, fieldState }) => (
            <FormField label="Expiry (MM/YY)" error={fieldState.error?.message}>
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={5}
                onChange={(event) => field.onChange(formatExpiry(event.target.value))}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name={'cvc' as Path<T>}
          render={({ field, fieldState }) => (
            <FormField label="CVC" error={fieldState.error?.message}>
              <Input
                {...field}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
                onChange={(event) => field.onChange(formatCvc(event.target.value))}
              />
            </FormField>
          )}
        />
      </div>
    </>
  );
}
