// Project annotations (preview, a11y) are applied by @storybook/addon-vitest itself.

// Entrance animations start at opacity 0; assertions (toBeVisible) and screenshots must not catch
// them mid-flight, so the browser test run shows every state at rest.
const style = document.createElement('style')
style.textContent = '*,*::before,*::after{animation:none!important;transition:none!important}'
document.head.appendChild(style)
