<?xml version="1.0" encoding="UTF-8"?>
<!-- PLS 1.0, 4.4 lexeme Element (role) -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      xmlns:claws="http://www.example.com/claws7tags"
      alphabet="ipa" xml:lang="en">
  <lexeme role="claws:VVI claws:VV0 claws:NN1">
    <!-- verb infinitive, verb present tense, singular noun -->
    <grapheme>read</grapheme>
    <phoneme>riːd</phoneme>
  </lexeme>
  <lexeme role="claws:VVN claws:VVD">
    <!-- verb past participle, verb past tense -->
    <grapheme>read</grapheme>
    <phoneme>red</phoneme>
  </lexeme>
</lexicon>
