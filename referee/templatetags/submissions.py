"""A form written in a template made with its id, as a Django form's SubmissionField is:
{% submission_field %}, a fresh UUID each time the form is made (the server keeps it with the
change, so the same form sent twice changes once)."""

import uuid

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def submission_field() -> str:
    return format_html('<input type="hidden" name="submission" value="{}">', uuid.uuid4())
