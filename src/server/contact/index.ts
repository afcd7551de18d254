// What other features may use of contact: the contact form (the demo's history sends one).
export { sendContactForm } from './send-contact-form';
