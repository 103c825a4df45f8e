import { describe, expect, it } from 'vitest'

import { formFields, withoutBlankPassword } from '@/lib/forms'

describe('formFields', () => {
  it('reads the named fields as strings and nothing else', () => {
    const formData = new FormData()
    formData.set('username', 'Asha')
    formData.set('mobile', '9876543210')
    formData.set('extra', 'ignored')
    expect(formFields(formData, ['username', 'mobile'])).toEqual({ username: 'Asha', mobile: '9876543210' })
  })

  it('gives an empty string for a missing or file field', () => {
    const formData = new FormData()
    formData.set('avatar', new Blob(['x']), 'a.png')
    expect(formFields(formData, ['email', 'avatar'])).toEqual({ email: '', avatar: '' })
  })
})

describe('withoutBlankPassword', () => {
  it('drops an empty password', () => {
    expect(withoutBlankPassword({ username: 'Asha', email: 'a@b.in', password: '', role: 'staff' })).toEqual({
      username: 'Asha',
      email: 'a@b.in',
      role: 'staff',
    })
  })

  it('keeps a password that was typed, even one of spaces', () => {
    expect(withoutBlankPassword({ username: 'Asha', password: 'n3w-secret' })).toEqual({
      username: 'Asha',
      password: 'n3w-secret',
    })
    expect(withoutBlankPassword({ password: '   ' })).toEqual({ password: '   ' })
  })
})
