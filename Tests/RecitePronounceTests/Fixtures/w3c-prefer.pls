<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      alphabet="ipa" xml:lang="en-US">
  <lexeme>
    <grapheme>Fahrenheit</grapheme>
    <phoneme alphabet="x-sampa">"f{r@n%haIt</phoneme>
    <phoneme prefer="true">ˈfɑɹənˌhaɪt</phoneme>
  </lexeme>
</lexicon>
