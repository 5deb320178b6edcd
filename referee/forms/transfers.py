"""The upload of an export file."""

from django import forms


class ImportForm(forms.Form):
    file = forms.FileField(label="Export file (.json)")
