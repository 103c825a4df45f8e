import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { FormField } from '@/components/form-field'
import { useCreateProduct } from '@/features/admin-products/api/create-product'
import { ProductForm } from '@/features/admin-products/components/product-form'
import { chosenImages, createProductFormData } from '@/features/admin-products/form-data'
import { IMAGE_ACCEPT, IMAGE_SLOTS, type ProductFormValues } from '@/features/admin-products/types'
import { errorMessage, fieldErrors } from '@/lib/api-errors'

/** Creates a product with up to five images, showing the upload's progress, then returns to the products list. */
export function CreateProductForm() {
  const navigate = useNavigate()
  const createProduct = useCreateProduct()
  const [progress, setProgress] = useState(0)
  const errors = fieldErrors(createProduct.error)

  function handleSubmit(values: ProductFormValues, formData: FormData) {
    setProgress(0)
    createProduct.mutate(
      { body: createProductFormData(values, chosenImages(formData)), onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success('Product created')
          navigate('/admin/products')
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to create product')),
      },
    )
  }

  return (
    <ProductForm
      pending={createProduct.isPending}
      progress={progress}
      error={createProduct.error}
      submitLabel="Create product"
      onSubmit={handleSubmit}
    >
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-medium">Images</legend>
        <p className="text-sm text-muted-foreground">Up to five JPEG, PNG or WebP images.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {IMAGE_SLOTS.map((slot) => (
            <FormField
              key={slot}
              label={`Image ${slot}`}
              name={`image${slot}`}
              type="file"
              accept={IMAGE_ACCEPT}
              error={errors[`image${slot}`]}
            />
          ))}
        </div>
      </fieldset>
    </ProductForm>
  )
}
