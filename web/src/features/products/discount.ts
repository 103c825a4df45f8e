/**
 * How much below the MRP the selling price is, in whole percent rounded down (MRP 1199, selling
 * 899 -> 25); 0 when the selling price is not below the MRP. Worked in paise, so 30% stays 30.
 */
export function discountPercent(mrp: number, sellingPrice: number): number {
  const mrpPaise = Math.round(mrp * 100)
  const sellingPaise = Math.round(sellingPrice * 100)
  if (mrpPaise <= 0 || sellingPaise >= mrpPaise) return 0
  return Math.floor(((mrpPaise - sellingPaise) * 100) / mrpPaise)
}
