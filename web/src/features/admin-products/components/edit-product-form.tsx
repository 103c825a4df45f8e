import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { CheckboxField } from '@/components/checkbox-field'
import { useUpdateProduct } from '@/features/admin-products/api/update-product'
import { ImageSlotTiles } from '@/features/admin-products/components/image-slot-tiles'
import { ProductForm } from '@/features/admin-products/components/product-form'
import { updateProductFormData } from '@/features/admin-products/form-data'
import { clearSlotImage, pickSlotImage, slotsFromProduct } from '@/features/admin-products/image-slots'
import type { ProductFormValues } from '@/features/admin-products/types'
import { errorMessage, fieldErrors } from '@/lib/api-errors'
import type { Product } from '@/lib/api-schemas'

/**
 * Edits a product: its fields, whether it is featured, and its five image slots (replaced or
 * cleared one by one), showing the upload's progress. Then returns to the products list.
 */
export function EditProductForm({ product }: { product: Product }) {
  const navigate = useNavigate()
  const updateProduct = useUpdateProduct(product._id)
  const [featured, setFeatured] = useState(product.featured)
  const [slots, setSlots] = useState(() => slotsFromProduct(product))
  // The stock the Stock field was filled with: a background refetch must not change what the
  // server takes the admin's change to be relative to.
  const [stockShown] = useState(product.stock)
  const [progress, setProgress] = useState(0)
  const errors = fieldErrors(updateProduct.error)

  function handleSubmit(values: ProductFormValues) {
    setProgress(0)
    updateProduct.mutate(
      {
        body: updateProductFormData(values, { featured, stockShown, slots }),
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          toast.success('Product updated')
          navigate('/admin/products')
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update product')),
      },
    )
  }

  return (
    <ProductForm
      product={product}
      pending={updateProduct.isPending}
      progress={progress}
      error={updateProduct.error}
      submitLabel="Save changes"
      onSubmit={handleSubmit}
    >
      <CheckboxField
        label="Featured"
        hint="Featured products are shown on the home page."
        checked={featured}
        onCheckedChange={setFeatured}
        error={errors.featured}
      />
      <ImageSlotTiles
        slots={slots}
        errors={errors}
        onPick={(index, file) => setSlots((current) => pickSlotImage(current, index, file))}
        onClear={(index) => setSlots((current) => clearSlotImage(current, index))}
      />
    </ProductForm>
  )
}
