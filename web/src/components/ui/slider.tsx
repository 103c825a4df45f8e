import { Slider as SliderPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

import { focusRing } from '@/components/ui/focus-ring'
import { cn } from '@/lib/utils'

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** Names the thumb, the element with role="slider" that takes keyboard focus. */
  thumbLabel: string
  /** What the thumb's value is read as, when the number alone would mislead (e.g. 'Any price'). */
  thumbValueText?: string
}

function Slider({
  className,
  value,
  defaultValue,
  min = 0,
  max = 100,
  thumbLabel,
  thumbValueText,
  ...props
}: SliderProps) {
  const thumbs = (value ?? defaultValue ?? [min]).length
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      value={value}
      defaultValue={defaultValue}
      min={min}
      max={max}
      className={cn('relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-60', className)}
      {...props}
    >
      <SliderPrimitive.Track data-slot="slider-track" className="relative h-2 grow overflow-hidden rounded-full bg-secondary">
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {Array.from({ length: thumbs }, (_, index) => (
        <SliderPrimitive.Thumb
          key={index}
          data-slot="slider-thumb"
          aria-label={thumbLabel}
          aria-valuetext={thumbValueText}
          className={cn('block size-5 rounded-full border-2 border-primary bg-card shadow-sm transition-colors', focusRing)}
        />
      ))}
    </SliderPrimitive.Root>
  )
}

export { Slider }
