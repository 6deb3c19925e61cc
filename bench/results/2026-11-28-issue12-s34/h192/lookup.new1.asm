TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB) /tmp/s34/h192/repo/cache/lookup.go
  lookup.go:123		0x608720		4c8d6424c8		LEAQ -0x38(SP), R12									
  lookup.go:123		0x608725		4d3b6610		CMPQ R12, 0x10(R14)									
  lookup.go:123		0x608729		0f86fc040000		JBE 0x608c2b										
  lookup.go:123		0x60872f		55			PUSHQ BP										
  lookup.go:123		0x608730		4889e5			MOVQ SP, BP										
  lookup.go:123		0x608733		4881ecb0000000		SUBQ $0xb0, SP										
  lookup.go:123		0x60873a		48899c24c8000000	MOVQ BX, 0xc8(SP)									
  lookup.go:123		0x608742		4889bc24d8000000	MOVQ DI, 0xd8(SP)									
  keybytes.go:158	0x60874a		488d51f8		LEAQ -0x8(CX), DX									
  keybytes.go:158	0x60874e		4883fa08		CMPQ DX, $0x8										
  keybytes.go:158	0x608752		0f878b020000		JA 0x6089e3										
  keybytes.go:158	0x608758		488d56f8		LEAQ -0x8(SI), DX									
  keybytes.go:158	0x60875c		0f1f4000		NOPL 0(AX)										
  keybytes.go:158	0x608760		4883fa08		CMPQ DX, $0x8										
  keybytes.go:158	0x608764		7609			JBE 0x60876f										
  keybytes.go:158	0x608766		4885f6			TESTQ SI, SI										
  lookup.go:125		0x608769		0f8574020000		JNE 0x6089e3										
  lookup.go:125		0x60876f		4883787800		CMPQ 0x78(AX), $0x0									
  lookup.go:125		0x608774		0f8569020000		JNE 0x6089e3										
  lookup.go:128		0x60877a		488b5050		MOVQ 0x50(AX), DX									
  lookup.go:128		0x60877e		4c8b5048		MOVQ 0x48(AX), R10									
  keyhash.go:145	0x608782		483313			XORQ 0(BX), DX										
  keyhash.go:145	0x608785		4c335419f8		XORQ -0x8(CX)(BX*1), R10								
  keybytes.go:158	0x60878a		4989c0			MOVQ AX, R8										
  keyhash.go:219	0x60878d		4c89d0			MOVQ R10, AX										
  keyhash.go:219	0x608790		48f7e2			MULQ DX											
  keyhash.go:220	0x608793		4831d0			XORQ DX, AX										
  lookup.go:129		0x608796		4885f6			TESTQ SI, SI										
  lookup.go:129		0x608799		741e			JE 0x6087b9										
  lookup.go:130		0x60879b		498b5060		MOVQ 0x60(R8), DX									
  lookup.go:130		0x60879f		4d8b5058		MOVQ 0x58(R8), R10									
  keyhash.go:145	0x6087a3		483317			XORQ 0(DI), DX										
  keyhash.go:145	0x6087a6		4c33543ef8		XORQ -0x8(SI)(DI*1), R10								
  keyhash.go:220	0x6087ab		4989c1			MOVQ AX, R9										
  keyhash.go:219	0x6087ae		4c89d0			MOVQ R10, AX										
  keyhash.go:219	0x6087b1		48f7e2			MULQ DX											
  keyhash.go:220	0x6087b4		4831d0			XORQ DX, AX										
  lookup.go:130		0x6087b7		eb05			JMP 0x6087be										
  keyhash.go:135	0x6087b9		4989c1			MOVQ AX, R9										
  keyhash.go:135	0x6087bc		31c0			XORL AX, AX										
  keyhash.go:135	0x6087be		4889ca			MOVQ CX, DX										
  keyhash.go:135	0x6087c1		48c1e220		SHLQ $0x20, DX										
  keyhash.go:135	0x6087c5		4831f2			XORQ SI, DX										
  keyhash.go:135	0x6087c8		49335068		XORQ 0x68(R8), DX									
  keyhash.go:135	0x6087cc		4c31ca			XORQ R9, DX										
  keyhash.go:135	0x6087cf		49334070		XORQ 0x70(R8), AX									
  lookup.go:63		0x6087d3		4d8b9090000000		MOVQ 0x90(R8), R10									
  lookup.go:63		0x6087da		4d8d5aff		LEAQ -0x1(R10), R11									
  keyhash.go:219	0x6087de		48f7e2			MULQ DX											
  keyhash.go:220	0x6087e1		4831d0			XORQ DX, AX										
  lookup.go:63		0x6087e4		4921c3			ANDQ AX, R11										
  lookup.go:132		0x6087e7		90			NOPL											
  lookup.go:133		0x6087e8		90			NOPL											
  lookup.go:63		0x6087e9		4d39da			CMPQ R10, R11										
  lookup.go:63		0x6087ec		0f8633040000		JBE 0x608c25										
  keyhash.go:220	0x6087f2		4889442448		MOVQ AX, 0x48(SP)									
  lookup.go:134		0x6087f7		488d1431		LEAQ 0(CX)(SI*1), DX									
  lookup.go:63		0x6087fb		4d69d3a0010000		IMULQ $0x1a0, R11, R10									
  lookup.go:63		0x608802		4d8b9888000000		MOVQ 0x88(R8), R11									
  lookup.go:63		0x608809		4f8d2413		LEAQ 0(R11)(R10*1), R12									
  lookup.go:63		0x60880d		4c89642478		MOVQ R12, 0x78(SP)									
  lookup.go:134		0x608812		4883fa1a		CMPQ DX, $0x1a										
  lookup.go:134		0x608816		0f8fa0010000		JG 0x6089bc										
  type.go:181		0x60881c		4b8d141a		LEAQ 0(R10)(R11*1), DX									
  type.go:58		0x608820		4f8d2c13		LEAQ 0(R11)(R10*1), R13									
  type.go:58		0x608824		4d8d6d08		LEAQ 0x8(R13), R13									
  type.go:181		0x608828		4f8d3c13		LEAQ 0(R11)(R10*1), R15									
  type.go:181		0x60882c		4d8d7f10		LEAQ 0x10(R15), R15									
  type.go:58		0x608830		4f8d1413		LEAQ 0(R11)(R10*1), R10									
  type.go:58		0x608834		4d8d5218		LEAQ 0x18(R10), R10									
  slots.go:1027		0x608838		90			NOPL											
  type.go:181		0x608839		4c8b1a			MOVQ 0(DX), R11										
  slots.go:1028		0x60883c		90			NOPL											
  type.go:58		0x60883d		4d8b6d00		MOVQ 0(R13), R13									
  slots.go:1028		0x608841		90			NOPL											
  type.go:181		0x608842		4d8b3f			MOVQ 0(R15), R15									
  slots.go:1028		0x608845		90			NOPL											
  type.go:58		0x608846		4d8b12			MOVQ 0(R10), R10									
  slots.go:1029		0x608849		410fbae300		BTL $0x0, R11										
  slots.go:1029		0x60884e		7208			JB 0x608858										
  type.go:181		0x608850		488b12			MOVQ 0(DX), DX										
  slots.go:1029		0x608853		4c39da			CMPQ DX, R11										
  slots.go:1029		0x608856		7408			JE 0x608860										
  slots.go:1029		0x608858		4531d2			XORL R10, R10										
  slots.go:1029		0x60885b		0f1f440000		NOPL 0(AX)(AX*1)									
  lookup.go:146		0x608860		4d85d2			TESTQ R10, R10										
  lookup.go:146		0x608863		0f843b010000		JE 0x6089a4										
  keyhash.go:220	0x608869		4889c2			MOVQ AX, DX										
  table.go:47		0x60886c		4c89f8			MOVQ R15, AX										
  keyhash.go:220	0x60886f		4989d0			MOVQ DX, R8										
  table.go:47		0x608872		48f7e2			MULQ DX											
  lookup.go:148		0x608875		4189d3			MOVL DX, R11										
  slots.go:1037		0x608878		49c1e306		SHLQ $0x6, R11										
  lookup.go:405		0x60887c		4c8d3c31		LEAQ 0(CX)(SI*1), R15									
  lookup.go:405		0x608880		4d8d7f01		LEAQ 0x1(R15), R15									
  lookup.go:405		0x608884		0fb6c1			MOVZX CL, AX										
  lookup.go:405		0x608887		c1e008			SHLL $0x8, AX										
  lookup.go:405		0x60888a		4409f8			ORL R15, AX										
  lookup.go:405		0x60888d		4d89c7			MOVQ R8, R15										
  lookup.go:405		0x608890		49c1e820		SHRQ $0x20, R8										
  lookup.go:405		0x608894		450fb7c0		MOVZX R8, R8										
  lookup.go:405		0x608898		41c1e010		SHLL $0x10, R8										
  lookup.go:405		0x60889c		4409c0			ORL R8, AX										
  type.go:147		0x60889f		4f8d441d00		LEAQ 0(R13)(R11*1), R8									
  type.go:147		0x6088a4		4d8d4020		LEAQ 0x20(R8), R8									
  lookup.go:147		0x6088a8		90			NOPL											
  lookup.go:149		0x6088a9		90			NOPL											
  lookup.go:150		0x6088aa		90			NOPL											
  slots.go:1037		0x6088ab		4f8d0c2b		LEAQ 0(R11)(R13*1), R9									
  slots.go:114		0x6088af		90			NOPL											
  type.go:147		0x6088b0		458b00			MOVL 0(R8), R8										
  lookup.go:151		0x6088b3		4139c0			CMPL R8, AX										
  lookup.go:151		0x6088b6		7576			JNE 0x60892e										
  lookup.go:405		0x6088b8		89442440		MOVL AX, 0x40(SP)									
  lookup.go:152		0x6088bc		4b8d441d00		LEAQ 0(R13)(R11*1), AX									
  lookup.go:152		0x6088c1		488d4026		LEAQ 0x26(AX), AX									
  keybytes.go:198	0x6088c5		4f8b5c1d26		MOVQ 0x26(R13)(R11*1), R11								
  keybytes.go:173	0x6088ca		4c331b			XORQ 0(BX), R11										
  keybytes.go:198	0x6088cd		4c8b6c08f8		MOVQ -0x8(AX)(CX*1), R13								
  keybytes.go:173	0x6088d2		4c336c19f8		XORQ -0x8(CX)(BX*1), R13								
  lookup.go:153		0x6088d7		90			NOPL											
  keybytes.go:173	0x6088d8		4d09dd			ORQ R11, R13										
  keybytes.go:173	0x6088db		0f1f440000		NOPL 0(AX)(AX*1)									
  lookup.go:129		0x6088e0		4885f6			TESTQ SI, SI										
  lookup.go:154		0x6088e3		741b			JE 0x608900										
  lookup.go:155		0x6088e5		4c8d1c08		LEAQ 0(AX)(CX*1), R11									
  keybytes.go:198	0x6088e9		488b0408		MOVQ 0(AX)(CX*1), AX									
  keybytes.go:173	0x6088ed		483307			XORQ 0(DI), AX										
  keybytes.go:198	0x6088f0		4d8b5c33f8		MOVQ -0x8(R11)(SI*1), R11								
  keybytes.go:173	0x6088f5		4c335c3ef8		XORQ -0x8(SI)(DI*1), R11								
  keybytes.go:173	0x6088fa		4909c3			ORQ AX, R11										
  lookup.go:155		0x6088fd		4d09dd			ORQ R11, R13										
  lookup.go:157		0x608900		4d85ed			TESTQ R13, R13										
  lookup.go:157		0x608903		7406			JE 0x60890b										
  lookup.go:162		0x608905		8b442440		MOVL 0x40(SP), AX									
  lookup.go:157		0x608909		eb23			JMP 0x60892e										
  lookup.go:158		0x60890b		89d1			MOVL DX, CX										
  slots.go:317		0x60890d		498b5220		MOVQ 0x20(R10), DX									
  slots.go:317		0x608911		480fafca		IMULQ DX, CX										
  slots.go:317		0x608915		49034a18		ADDQ 0x18(R10), CX									
  lookup.go:158		0x608919		4c89e0			MOVQ R12, AX										
  lookup.go:158		0x60891c		4c89cb			MOVQ R9, BX										
  lookup.go:158		0x60891f		4c89d7			MOVQ R10, DI										
  lookup.go:158		0x608922		4c89fe			MOVQ R15, SI										
  lookup.go:158		0x608925		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:158		0x60892c		5d			POPQ BP											
  lookup.go:158		0x60892d		c3			RET											
  lookup.go:161		0x60892e		4585c0			TESTL R8, R8										
  lookup.go:161		0x608931		7474			JE 0x6089a7										
  lookup.go:146		0x608933		4c89942480000000	MOVQ R10, 0x80(SP)									
  lookup.go:162		0x60893b		4989c8			MOVQ CX, R8										
  lookup.go:162		0x60893e		4989f1			MOVQ SI, R9										
  lookup.go:162		0x608941		89c1			MOVL AX, CX										
  lookup.go:162		0x608943		4889fe			MOVQ DI, SI										
  lookup.go:162		0x608946		4c89d0			MOVQ R10, AX										
  lookup.go:162		0x608949		4889df			MOVQ BX, DI										
  lookup.go:162		0x60894c		4889d3			MOVQ DX, BX										
  lookup.go:162		0x60894f		e86c100000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).probeShort(SB)	
  lookup.go:162		0x608954		4885c0			TESTQ AX, AX										
  lookup.go:162		0x608957		7c3f			JL 0x608998										
  slots.go:356		0x608959		488bbc2480000000	MOVQ 0x80(SP), DI									
  slots.go:356		0x608961		488b5708		MOVQ 0x8(DI), DX									
  slots.go:317		0x608965		488b4f20		MOVQ 0x20(DI), CX									
  slots.go:317		0x608969		480fafc8		IMULQ AX, CX										
  slots.go:317		0x60896d		48034f18		ADDQ 0x18(DI), CX									
  slots.go:356		0x608971		4839d0			CMPQ AX, DX										
  slots.go:356		0x608974		0f83a4020000		JAE 0x608c1e										
  slots.go:356		0x60897a		488b17			MOVQ 0(DI), DX										
  slots.go:356		0x60897d		48c1e006		SHLQ $0x6, AX										
  slots.go:356		0x608981		488d1c10		LEAQ 0(AX)(DX*1), BX									
  lookup.go:163		0x608985		488b442478		MOVQ 0x78(SP), AX									
  lookup.go:163		0x60898a		488b742448		MOVQ 0x48(SP), SI									
  lookup.go:163		0x60898f		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:163		0x608996		5d			POPQ BP											
  lookup.go:163		0x608997		c3			RET											
  lookup.go:167		0x608998		4c8b642478		MOVQ 0x78(SP), R12									
  lookup.go:167		0x60899d		4c8b7c2448		MOVQ 0x48(SP), R15									
  lookup.go:162		0x6089a2		eb03			JMP 0x6089a7										
  lookup.go:167		0x6089a4		4989c7			MOVQ AX, R15										
  lookup.go:167		0x6089a7		4c89e0			MOVQ R12, AX										
  lookup.go:167		0x6089aa		31db			XORL BX, BX										
  lookup.go:167		0x6089ac		31c9			XORL CX, CX										
  lookup.go:167		0x6089ae		31ff			XORL DI, DI										
  lookup.go:167		0x6089b0		4c89fe			MOVQ R15, SI										
  lookup.go:167		0x6089b3		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:167		0x6089ba		5d			POPQ BP											
  lookup.go:167		0x6089bb		c3			RET											
  lookup.go:135		0x6089bc		4989c0			MOVQ AX, R8										
  lookup.go:135		0x6089bf		4c89e0			MOVQ R12, AX										
  lookup.go:135		0x6089c2		e8b9020000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*shard).lookupFrom(SB)		
  lookup.go:136		0x6089c7		4889cf			MOVQ CX, DI										
  lookup.go:136		0x6089ca		488b742448		MOVQ 0x48(SP), SI									
  lookup.go:136		0x6089cf		4889d9			MOVQ BX, CX										
  lookup.go:136		0x6089d2		4889c3			MOVQ AX, BX										
  lookup.go:136		0x6089d5		488b442478		MOVQ 0x78(SP), AX									
  lookup.go:136		0x6089da		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:136		0x6089e1		5d			POPQ BP											
  lookup.go:136		0x6089e2		c3			RET											
  keybytes.go:166	0x6089e3		488d51ff		LEAQ -0x1(CX), DX									
  keybytes.go:166	0x6089e7		4883fa2f		CMPQ DX, $0x2f										
  keybytes.go:166	0x6089eb		771b			JA 0x608a08										
  keybytes.go:166	0x6089ed		4883fe30		CMPQ SI, $0x30										
  lookup.go:169		0x6089f1		7715			JA 0x608a08										
  lookup.go:169		0x6089f3		4883787800		CMPQ 0x78(AX), $0x0									
  lookup.go:169		0x6089f8		750e			JNE 0x608a08										
  lookup.go:170		0x6089fa		e881030000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookupWords(SB)		
  lookup.go:170		0x6089ff		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:170		0x608a06		5d			POPQ BP											
  lookup.go:170		0x608a07		c3			RET											
  keybytes.go:158	0x608a08		48898424c0000000	MOVQ AX, 0xc0(SP)									
  keybytes.go:158	0x608a10		4889742468		MOVQ SI, 0x68(SP)									
  keybytes.go:158	0x608a15		4889bc24a8000000	MOVQ DI, 0xa8(SP)									
  keybytes.go:158	0x608a1d		48894c2460		MOVQ CX, 0x60(SP)									
  keybytes.go:158	0x608a22		48899c24a0000000	MOVQ BX, 0xa0(SP)									
  lookup.go:172		0x608a2a		e871ecffff		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).hash(SB)			
  lookup.go:63		0x608a2f		488b9424c0000000	MOVQ 0xc0(SP), DX									
  lookup.go:63		0x608a37		4c8b8290000000		MOVQ 0x90(DX), R8									
  lookup.go:63		0x608a3e		4d8d48ff		LEAQ -0x1(R8), R9									
  lookup.go:63		0x608a42		4921c1			ANDQ AX, R9										
  lookup.go:173		0x608a45		90			NOPL											
  lookup.go:63		0x608a46		4d39c8			CMPQ R8, R9										
  lookup.go:63		0x608a49		0f86ca010000		JBE 0x608c19										
  lookup.go:172		0x608a4f		4889442450		MOVQ AX, 0x50(SP)									
  lookup.go:63		0x608a54		4969c9a0010000		IMULQ $0x1a0, R9, CX									
  lookup.go:63		0x608a5b		48894c2458		MOVQ CX, 0x58(SP)									
  lookup.go:63		0x608a60		488b9288000000		MOVQ 0x88(DX), DX									
  lookup.go:63		0x608a67		4889942498000000	MOVQ DX, 0x98(SP)									
  lookup.go:174		0x608a6f		4801d1			ADDQ DX, CX										
  lookup.go:174		0x608a72		4889c3			MOVQ AX, BX										
  lookup.go:174		0x608a75		4889c8			MOVQ CX, AX										
  lookup.go:174		0x608a78		e803580000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotPub).homeSlot(SB)		
  lookup.go:63		0x608a7d		488b542458		MOVQ 0x58(SP), DX									
  lookup.go:63		0x608a82		488bb42498000000	MOVQ 0x98(SP), SI									
  lookup.go:63		0x608a8a		4801f2			ADDQ SI, DX										
  lookup.go:174		0x608a8d		4885c0			TESTQ AX, AX										
  lookup.go:174		0x608a90		0f8464010000		JE 0x608bfa										
  lookup.go:63		0x608a96		4889542470		MOVQ DX, 0x70(SP)									
  lookup.go:174		0x608a9b		48899c2488000000	MOVQ BX, 0x88(SP)									
  lookup.go:175		0x608aa3		4c8b442468		MOVQ 0x68(SP), R8									
  lookup.go:175		0x608aa8		488b7c2460		MOVQ 0x60(SP), DI									
  lookup.go:175		0x608aad		4e8d1407		LEAQ 0(DI)(R8*1), R10									
  slots.go:91		0x608ab1		4e8d1c07		LEAQ 0(DI)(R8*1), R11									
  slots.go:91		0x608ab5		4d8d5b01		LEAQ 0x1(R11), R11									
  slots.go:93		0x608ab9		440fb6e7		MOVZX DI, R12										
  slots.go:93		0x608abd		41c1e408		SHLL $0x8, R12										
  slots.go:93		0x608ac1		488b742450		MOVQ 0x50(SP), SI									
  slots.go:93		0x608ac6		4989f1			MOVQ SI, R9										
  slots.go:93		0x608ac9		48c1ee20		SHRQ $0x20, SI										
  slots.go:93		0x608acd		440fb7ee		MOVZX SI, R13										
  slots.go:93		0x608ad1		41c1e510		SHLL $0x10, R13										
  lookup.go:176		0x608ad5		90			NOPL											
  slots.go:114		0x608ad6		90			NOPL											
  type.go:147		0x608ad7		448b7820		MOVL 0x20(AX), R15									
  slots.go:90		0x608adb		4983fa1a		CMPQ R10, $0x1a										
  lookup.go:175		0x608adf		41ba1c000000		MOVL $0x1c, R10										
  lookup.go:175		0x608ae5		450f4ed3		CMOVLE R11, R10										
  slots.go:93		0x608ae9		4509e2			ORL R12, R10										
  slots.go:93		0x608aec		4509ea			ORL R13, R10										
  lookup.go:177		0x608aef		4539d7			CMPL R15, R10										
  slots.go:90		0x608af2		7560			JNE 0x608b54										
  lookup.go:174		0x608af4		4889842490000000	MOVQ AX, 0x90(SP)									
  lookup.go:174		0x608afc		894c2444		MOVL CX, 0x44(SP)									
  type.go:147		0x608b00		44897c243c		MOVL R15, 0x3c(SP)									
  lookup.go:177		0x608b05		89ca			MOVL CX, DX										
  lookup.go:177		0x608b07		4889542458		MOVQ DX, 0x58(SP)									
  lookup.go:177		0x608b0c		4889d8			MOVQ BX, AX										
  lookup.go:177		0x608b0f		4889d3			MOVQ DX, BX										
  lookup.go:177		0x608b12		488b8c24a0000000	MOVQ 0xa0(SP), CX									
  lookup.go:177		0x608b1a		488bb424a8000000	MOVQ 0xa8(SP), SI									
  lookup.go:177		0x608b22		e8d92e0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).holds(SB)		
  lookup.go:177		0x608b27		84c0			TESTL AL, AL										
  lookup.go:177		0x608b29		0f8597000000		JNE 0x608bc6										
  lookup.go:181		0x608b2f		8b4c2444		MOVL 0x44(SP), CX									
  lookup.go:186		0x608b33		488b542470		MOVQ 0x70(SP), DX									
  lookup.go:181		0x608b38		488b9c2488000000	MOVQ 0x88(SP), BX									
  lookup.go:181		0x608b40		488b7c2460		MOVQ 0x60(SP), DI									
  lookup.go:181		0x608b45		4c8b442468		MOVQ 0x68(SP), R8									
  lookup.go:186		0x608b4a		4c8b4c2450		MOVQ 0x50(SP), R9									
  lookup.go:180		0x608b4f		448b7c243c		MOVL 0x3c(SP), R15									
  lookup.go:180		0x608b54		4585ff			TESTL R15, R15										
  lookup.go:180		0x608b57		0f84a2000000		JE 0x608bff										
  lookup.go:181		0x608b5d		8d5101			LEAL 0x1(CX), DX									
  lookup.go:181		0x608b60		4889d8			MOVQ BX, AX										
  lookup.go:181		0x608b63		89d3			MOVL DX, BX										
  lookup.go:181		0x608b65		488b8c24a0000000	MOVQ 0xa0(SP), CX									
  lookup.go:181		0x608b6d		488bb424a8000000	MOVQ 0xa8(SP), SI									
  lookup.go:181		0x608b75		e8260f0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*slotTable).probeFrom(SB)	
  lookup.go:181		0x608b7a		4885c0			TESTQ AX, AX										
  lookup.go:181		0x608b7d		7c3b			JL 0x608bba										
  slots.go:317		0x608b7f		488bbc2488000000	MOVQ 0x88(SP), DI									
  slots.go:317		0x608b87		488b5708		MOVQ 0x8(DI), DX									
  slots.go:317		0x608b8b		488b4f20		MOVQ 0x20(DI), CX									
  slots.go:317		0x608b8f		480fafc8		IMULQ AX, CX										
  slots.go:317		0x608b93		48034f18		ADDQ 0x18(DI), CX									
  slots.go:356		0x608b97		4839d0			CMPQ AX, DX										
  slots.go:356		0x608b9a		7378			JAE 0x608c14										
  slots.go:356		0x608b9c		488b17			MOVQ 0(DI), DX										
  slots.go:356		0x608b9f		48c1e006		SHLQ $0x6, AX										
  slots.go:356		0x608ba3		488d1c10		LEAQ 0(AX)(DX*1), BX									
  lookup.go:182		0x608ba7		488b442470		MOVQ 0x70(SP), AX									
  lookup.go:182		0x608bac		488b742450		MOVQ 0x50(SP), SI									
  lookup.go:182		0x608bb1		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:182		0x608bb8		5d			POPQ BP											
  lookup.go:182		0x608bb9		c3			RET											
  lookup.go:186		0x608bba		488b542470		MOVQ 0x70(SP), DX									
  lookup.go:186		0x608bbf		4c8b4c2450		MOVQ 0x50(SP), R9									
  lookup.go:181		0x608bc4		eb39			JMP 0x608bff										
  slots.go:317		0x608bc6		488bbc2488000000	MOVQ 0x88(SP), DI									
  slots.go:317		0x608bce		488b4f20		MOVQ 0x20(DI), CX									
  slots.go:317		0x608bd2		488b542458		MOVQ 0x58(SP), DX									
  slots.go:317		0x608bd7		480fafca		IMULQ DX, CX										
  slots.go:317		0x608bdb		48034f18		ADDQ 0x18(DI), CX									
  lookup.go:178		0x608bdf		488b442470		MOVQ 0x70(SP), AX									
  lookup.go:178		0x608be4		488b9c2490000000	MOVQ 0x90(SP), BX									
  lookup.go:178		0x608bec		488b742450		MOVQ 0x50(SP), SI									
  lookup.go:178		0x608bf1		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:178		0x608bf8		5d			POPQ BP											
  lookup.go:178		0x608bf9		c3			RET											
  lookup.go:186		0x608bfa		4c8b4c2450		MOVQ 0x50(SP), R9									
  lookup.go:186		0x608bff		4889d0			MOVQ DX, AX										
  lookup.go:186		0x608c02		31db			XORL BX, BX										
  lookup.go:186		0x608c04		31c9			XORL CX, CX										
  lookup.go:186		0x608c06		31ff			XORL DI, DI										
  lookup.go:186		0x608c08		4c89ce			MOVQ R9, SI										
  lookup.go:186		0x608c0b		4881c4b0000000		ADDQ $0xb0, SP										
  lookup.go:186		0x608c12		5d			POPQ BP											
  lookup.go:186		0x608c13		c3			RET											
  slots.go:356		0x608c14		e80797e8ff		CALL runtime.panicBounds(SB)								
  lookup.go:63		0x608c19		e80297e8ff		CALL runtime.panicBounds(SB)								
  slots.go:356		0x608c1e		6690			NOPW											
  slots.go:356		0x608c20		e8fb96e8ff		CALL runtime.panicBounds(SB)								
  lookup.go:63		0x608c25		e8f696e8ff		CALL runtime.panicBounds(SB)								
  lookup.go:63		0x608c2a		90			NOPL											
  lookup.go:123		0x608c2b		4889442408		MOVQ AX, 0x8(SP)									
  lookup.go:123		0x608c30		48895c2410		MOVQ BX, 0x10(SP)									
  lookup.go:123		0x608c35		48894c2418		MOVQ CX, 0x18(SP)									
  lookup.go:123		0x608c3a		48897c2420		MOVQ DI, 0x20(SP)									
  lookup.go:123		0x608c3f		4889742428		MOVQ SI, 0x28(SP)									
  lookup.go:123		0x608c44		e83778e8ff		CALL runtime.morestack_noctxt.abi0(SB)							
  lookup.go:123		0x608c49		488b442408		MOVQ 0x8(SP), AX									
  lookup.go:123		0x608c4e		488b5c2410		MOVQ 0x10(SP), BX									
  lookup.go:123		0x608c53		488b4c2418		MOVQ 0x18(SP), CX									
  lookup.go:123		0x608c58		488b7c2420		MOVQ 0x20(SP), DI									
  lookup.go:123		0x608c5d		488b742428		MOVQ 0x28(SP), SI									
  lookup.go:123		0x608c62		e9b9faffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)		
