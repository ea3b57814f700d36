import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { InlineEdit } from './inline-edit'

function setup(props: Partial<React.ComponentProps<typeof InlineEdit>> = {}) {
  const onSave = mock((_next: string) => {})
  render(<InlineEdit value="Q3 plan" onSave={onSave} aria-label="Title" {...props} />)
  return { onSave }
}

function openEditor() {
  fireEvent.click(screen.getByRole('button', { name: /^Title:/ }))
  return screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement | HTMLTextAreaElement
}

describe('InlineEdit', () => {
  test('shows the value and opens an editor with it on click', () => {
    setup()
    expect(screen.getByRole('button', { name: /^Title:/ }).textContent).toBe('Title: Q3 plan')
    expect(openEditor().value).toBe('Q3 plan')
  })

  test('Enter saves the changed text and closes the editor', () => {
    const { onSave } = setup()
    const input = openEditor()
    fireEvent.change(input, { target: { value: 'Q4 plan' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSave).toHaveBeenCalledWith('Q4 plan')
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  test('Escape cancels without saving', () => {
    const { onSave } = setup()
    const input = openEditor()
    fireEvent.change(input, { target: { value: 'Something else' } })
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(onSave).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: /^Title:/ }).textContent).toBe('Title: Q3 plan')
  })

  test('Escape returns focus to the display; a blur of the leaving editor saves nothing', () => {
    const { onSave } = setup()
    const input = openEditor()
    fireEvent.change(input, { target: { value: 'Something else' } })
    fireEvent.keyDown(input, { key: 'Escape' })
    // A browser that blurs an element as it leaves the page must not save the cancelled draft.
    fireEvent.blur(input)
    expect(onSave).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Title:/ }))
  })

  test('does not save when the text is unchanged', () => {
    const { onSave } = setup()
    fireEvent.keyDown(openEditor(), { key: 'Enter' })
    expect(onSave).not.toHaveBeenCalled()
  })

  test('multiline: Enter is a newline, Ctrl+Enter or Cmd+Enter saves', () => {
    const { onSave } = setup({ multiline: true, value: 'Line one' })
    let input = openEditor()
    expect(input.tagName).toBe('TEXTAREA')
    fireEvent.change(input, { target: { value: 'Line one\nLine two' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true })
    expect(onSave).toHaveBeenLastCalledWith('Line one\nLine two')

    input = openEditor()
    fireEvent.change(input, { target: { value: 'Mac' } })
    fireEvent.keyDown(input, { key: 'Enter', metaKey: true })
    expect(onSave).toHaveBeenLastCalledWith('Mac')
  })

  test('shows the placeholder when empty', () => {
    setup({ value: '', placeholder: "Add a title for this week's report..." })
    expect(screen.getByRole('button', { name: /^Title:/ }).textContent).toBe(
      "Title: Add a title for this week's report...",
    )
  })
})
