import { useState, type FormEvent, type ReactNode } from 'react'

import { FormActions, type EntityFormProps } from '@/components/form-actions'
import { Field, FormField } from '@/components/form-field'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { useCategoryOptions } from '@/features/admin-products/api/get-category-options'
import { UploadProgress } from '@/features/admin-products/components/upload-progress'
import { gstRateLabel, gstRateOptions, hsnProblem } from '@/features/admin-products/tax-fields'
import { PRODUCT_FORM_FIELDS, type ProductFormValues } from '@/features/admin-products/types'
import { errorMessage, fieldErrors } from '@/lib/api-errors'
import type { Product } from '@/lib/api-schemas'
import { formFields } from '@/lib/forms'
import { useShopInfo } from '@/lib/shop-info'

type ProductFormProps = Omit<EntityFormProps<ProductFormValues>, 'onSubmit'> & {
  /** The product being edited; without it the form creates one. */
  product?: Product
  /** How much of the upload has been sent, shown while `pending`. */
  progress: number
  /** The text fields, and the whole submitted form for the screen's own fields. */
  onSubmit: (values: ProductFormValues, formData: FormData) => void
  /** The screen's own fields: file inputs on create, featured and image tiles on edit. */
  children: ReactNode
}

/** A product's text, price, stock, category and GST fields, for the create and edit screens. */
export function ProductForm({
  product,
  pending,
  progress,
  error,
  submitLabel,
  onSubmit,
  children,
}: ProductFormProps) {
  const errors = fieldErrors(error)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formData = new FormData(event.currentTarget)
    onSubmit(formFields(formData, PRODUCT_FORM_FIELDS), formData)
  }

  return (
    <Card className="max-w-3xl">
      <CardContent>
        <form onSubmit={handleSubmit} className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            label="Title"
            name="title"
            autoComplete="off"
            maxLength={200}
            defaultValue={product?.title}
            required
            error={errors.title}
          />
          <FormField
            label="Company"
            name="company"
            autoComplete="off"
            maxLength={100}
            defaultValue={product?.company}
            required
            error={errors.company}
          />
          <Field label="Description" error={errors.description} className="sm:col-span-2">
            {(control) => (
              <Textarea
                {...control}
                name="description"
                rows={4}
                maxLength={5000}
                defaultValue={product?.description}
              />
            )}
          </Field>
          <FormField
            label="Selling Price"
            name="sellingPrice"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            defaultValue={product?.sellingPrice}
            required
            error={errors.sellingPrice}
          />
          <FormField
            label="Price"
            name="price"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            defaultValue={product?.price}
            required
            error={errors.price}
          />
          <FormField
            label="Stock"
            name="stock"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            defaultValue={product?.stock}
            required
            error={errors.stock}
          />
          <CategoryField current={product?.category.name} error={errors.category} />
          <HsnField current={product?.hsn} error={errors.hsn} />
          <GstRateField current={product?.gstRate} error={errors.gstRate} />
          <div className="grid gap-4 sm:col-span-2">{children}</div>
          {pending && (
            <div className="sm:col-span-2">
              <UploadProgress percent={progress} />
            </div>
          )}
          <FormActions cancelTo="/admin/products" pending={pending} submitLabel={submitLabel} className="sm:col-span-2" />
        </form>
      </CardContent>
    </Card>
  )
}

type CategoryFieldProps = { current: string | undefined; error: string | undefined }

/**
 * The category select, by name (what the product API takes). The product's own category stays an
 * option while the list loads, or if the list lacks it, so saving never drops it.
 */
function CategoryField({ current, error }: CategoryFieldProps) {
  const categories = useCategoryOptions()
  const names = categories.data?.data.map((category) => category.name) ?? []
  if (current && !names.includes(current)) names.unshift(current)
  const loadError = categories.isError ? errorMessage(categories.error, 'Failed to fetch categories') : undefined

  return (
    <Field label="Category" error={error ?? loadError}>
      {(control) => (
        // Remounted once the list arrives, so the default value applies to the full list.
        <NativeSelect
          key={categories.isPending ? 'loading' : 'ready'}
          {...control}
          name="category"
          defaultValue={current ?? ''}
          required
          aria-busy={categories.isPending || undefined}
        >
          <option value="" disabled>
            {categories.isPending ? 'Loading categories…' : 'Select a category'}
          </option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}

type HsnFieldProps = { current: string | undefined; error: string | undefined }

/** The HSN code the tax invoice shows: 4 to 8 digits or nothing, flagged as typed. */
function HsnField({ current, error }: HsnFieldProps) {
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <FormField
      label="HSN code"
      name="hsn"
      autoComplete="off"
      inputMode="numeric"
      maxLength={8}
      pattern="[0-9]{4,8}"
      title="4 to 8 digits"
      defaultValue={current}
      hint="4 to 8 digits, printed on the tax invoice."
      onChange={(event) => setProblem(hsnProblem(event.target.value))}
      error={problem ?? error}
    />
  )
}

type GstRateFieldProps = { current: number | undefined; error: string | undefined }

/**
 * The GST rate select: the shop's slabs (GET /shop), the product's own rate on edit and the shop's
 * default rate on create. Should the slabs fail to load, it offers the product's rate or leaves
 * the rate to the server (which keeps it, or gives a new product the default).
 */
function GstRateField({ current, error }: GstRateFieldProps) {
  const shop = useShopInfo()
  const rates = gstRateOptions(shop.data?.gstSlabs ?? [], current)
  const initial = current ?? shop.data?.defaultGstRate
  const loadError = shop.isError ? errorMessage(shop.error, 'Failed to fetch the GST rates') : undefined

  return (
    <Field label="GST rate" error={error ?? loadError} hint="Included in the prices.">
      {(control) => (
        // Remounted once the slabs arrive, so the default value applies to the full list.
        <NativeSelect
          key={shop.isPending ? 'loading' : 'ready'}
          {...control}
          name="gstRate"
          defaultValue={initial === undefined ? '' : String(initial)}
          required={shop.isSuccess}
          aria-busy={shop.isPending || undefined}
        >
          {initial === undefined && (
            <option value="">{shop.isPending ? 'Loading rates…' : 'The shop’s default rate'}</option>
          )}
          {rates.map((rate) => (
            <option key={rate} value={String(rate)}>
              {gstRateLabel(rate)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}
